import type { SurveyDraftGenerator } from '../survey-draft-generator';
import { composeSurvey } from './assemble';

/*
 * The built-in generator: turns a survey idea into a draft with no AI provider, offline, instantly and
 * deterministically (docs/decisions/017-offline-survey-generator.md says what it is for and how far it goes).
 *
 *   detect-topic/   reads the idea: its language, purpose, subject and listed aspects
 *   question-bank/  per purpose, the names and the English questions it may ask
 *   assemble.ts     picks and orders the questions; names.ts writes the title and project name
 *   text.ts         folding, tokens, casing and the stable hash
 */

export { composeSurvey } from './assemble';
export { detectTopic } from './detect-topic';
export type { PurposeId } from './purposes';

/** The generator used when no AI provider is configured: offline, instant and deterministic. */
export function createBuiltinGenerator(): SurveyDraftGenerator {
  return {
    kind: 'builtin',
    description: 'built-in generator (offline; set AI_BASE_URL and AI_MODEL to use an AI provider)',
    async generate(idea) {
      return composeSurvey(idea);
    },
  };
}
