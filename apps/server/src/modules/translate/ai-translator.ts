import type { FastifyBaseLogger } from 'fastify';
import type { Survey, SurveyTranslation } from '@quorum/contract';
import { askUntilUsable, createChatClient, type AiProviderConfig } from '../../ai/chat-completions';
import { TRANSLATION_SYSTEM_PROMPT, readTranslation, translationPrompt } from './translation-prompt';

/** Drafts the translation of a survey into another language. */
export interface SurveyTranslator {
  translate(survey: Survey, language: string): Promise<SurveyTranslation>;
}

/**
 * A translator speaking the OpenAI chat-completions protocol to the configured provider, the way the survey
 * generator does (chat-completions.ts: same address, headers, errors, answer reading and retry). Asks for a JSON
 * object (falling back to no format for servers that refuse it), checks the answer against the contract and the
 * survey, and asks once more, with the problem, when it does not fit. The whole translation, the retry included, has
 * the provider's `timeoutMs`.
 */
export function createAiTranslator(config: AiProviderConfig, log: FastifyBaseLogger): SurveyTranslator {
  const complete = createChatClient(config, log);
  return {
    translate: (survey, language) =>
      askUntilUsable(complete, {
        config,
        log,
        messages: [
          { role: 'system', content: TRANSLATION_SYSTEM_PROMPT },
          { role: 'user', content: translationPrompt(survey, language) },
        ],
        read: (content) => readTranslation(content, survey, language),
        subject: 'translation',
        unusable: 'AI_TRANSLATION_UNUSABLE',
      }),
  };
}
