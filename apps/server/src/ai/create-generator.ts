import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createBuiltinGenerator } from './builtin';
import { createOpenAiCompatibleGenerator } from './openai-compatible-generator';
import type { SurveyDraftGenerator } from './survey-draft-generator';

/** The AI provider when AI_BASE_URL and AI_MODEL are set, else the built-in generator. */
export function createSurveyDraftGenerator(config: Config, log: FastifyBaseLogger): SurveyDraftGenerator {
  return config.ai ? createOpenAiCompatibleGenerator(config.ai, log) : createBuiltinGenerator();
}
