import type { FastifyBaseLogger } from 'fastify';
import type { Survey, SurveyTranslation } from '@quorum/contract';
import {
  chatCompletionsUrl,
  contentOf,
  headersFor,
  mentionsFormat,
  providerError,
  type AiProviderConfig,
} from '../../ai/openai-compatible-generator';
import { AppError, ServiceUnavailableError } from '../../lib/errors';
import { TRANSLATION_SYSTEM_PROMPT, readTranslation, translationPrompt } from './translation-prompt';

/** Drafts the translation of a survey into another language. */
export interface SurveyTranslator {
  translate(survey: Survey, language: string): Promise<SurveyTranslation>;
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One more try after an answer that does not fit the survey. */
const ATTEMPTS = 2;

/**
 * A translator speaking the OpenAI chat-completions protocol to the configured provider, the way the survey
 * generator does (same URL, headers, errors and answer reading). Asks for a JSON object (falling back to no format
 * for servers that refuse it), checks the answer against the contract and the survey, and asks once more, with the
 * problem, when it does not pass. The whole translation, the retry included, has the provider's `timeoutMs`.
 */
export function createAiTranslator(config: AiProviderConfig, log: FastifyBaseLogger): SurveyTranslator {
  const endpoint = chatCompletionsUrl(config.baseUrl);
  let jsonMode = true;

  async function complete(messages: ChatMessage[], signal: AbortSignal): Promise<string> {
    for (;;) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: headersFor(config, endpoint),
        body: JSON.stringify({
          model: config.model,
          messages,
          ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
        }),
        signal,
      });
      const body = await response.text();
      if (response.ok) return contentOf(body);
      if ((response.status === 400 || response.status === 422) && jsonMode && mentionsFormat(body)) {
        log.info({ status: response.status }, 'AI provider refused JSON mode; translating without it');
        jsonMode = false;
        continue;
      }
      throw providerError(response, body, log, config.model);
    }
  }

  return {
    async translate(survey, language) {
      const signal = AbortSignal.timeout(config.timeoutMs);
      const messages: ChatMessage[] = [
        { role: 'system', content: TRANSLATION_SYSTEM_PROMPT },
        { role: 'user', content: translationPrompt(survey, language) },
      ];
      try {
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          const content = await complete(messages, signal);
          const result = readTranslation(content, survey, language);
          if (result.ok) return result.translation;
          log.warn({ attempt, problem: result.problem }, 'AI provider returned a translation that does not fit');
          messages.push(
            { role: 'assistant', content },
            {
              role: 'user',
              content: `That answer could not be used: ${result.problem}. Reply with the complete, corrected translation as one JSON object.`,
            },
          );
        }
        throw new AppError(502, 'AI_TRANSLATION_UNUSABLE');
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (signal.aborted) {
          log.warn({ timeoutMs: config.timeoutMs }, 'AI provider did not answer in time');
          throw new AppError(504, 'AI_TIMEOUT');
        }
        log.warn({ err: error }, 'AI provider could not be reached');
        throw new ServiceUnavailableError('AI_UNREACHABLE');
      }
    },
  };
}
