import { composeSurvey } from './builtin/compose';
import type { SurveyDraftGenerator } from './survey-draft-generator';

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
