import type { FastifyBaseLogger } from 'fastify';
import { surveyInputSchema, type SurveyInput } from '@quorum/contract';
import {
  askUntilUsable,
  createChatClient,
  extractJson,
  problemOf,
  type AiProviderConfig,
  type AnswerReading,
} from './chat-completions';
import { GENERATED_SURVEY_JSON_SCHEMA, SYSTEM_PROMPT, toSurveyInput, userPrompt } from './survey-json-schema';
import type { SurveyDraftGenerator } from './survey-draft-generator';

/**
 * A survey generator speaking the OpenAI chat-completions protocol (chat-completions.ts). Asks for structured output
 * with a JSON schema and falls back to plain JSON mode, then to no format, for servers that refuse it; validates the
 * answer with the contract and asks once more, with the problem, when it does not pass. The whole generation,
 * retries included, has `timeoutMs`.
 */
export function createOpenAiCompatibleGenerator(
  config: AiProviderConfig,
  log: FastifyBaseLogger,
): SurveyDraftGenerator {
  const complete = createChatClient(config, log, { name: 'survey', schema: GENERATED_SURVEY_JSON_SCHEMA });
  return {
    kind: 'ai',
    description: `AI provider at ${new URL(config.baseUrl).origin} with model ${config.model}`,
    generate: (idea) =>
      askUntilUsable(complete, {
        config,
        log,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(idea) },
        ],
        read: readSurvey,
        subject: 'survey',
        unusable: 'AI_UNUSABLE',
      }),
  };
}

/** Parses the model's text as JSON (tolerating code fences and reasoning) and validates it with the contract. */
export function readSurvey(content: string): AnswerReading<SurveyInput> {
  const json = extractJson(content);
  if (json === undefined) return { ok: false, problem: 'the answer is not a JSON object' };
  const survey = toSurveyInput(json);
  const parsed = surveyInputSchema.safeParse(survey);
  if (parsed.success) return { ok: true, value: survey };
  return { ok: false, problem: problemOf(parsed.error.issues) };
}
