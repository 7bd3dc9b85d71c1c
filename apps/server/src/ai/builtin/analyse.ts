import { detectTopic } from './detect-topic';

// Moved to ./detect-topic; this path stays until the tests import from ./index.
export function analyseIdea(idea: string) {
  const topic = detectTopic(idea);
  return { ...topic, purpose: { id: topic.purpose } };
}
