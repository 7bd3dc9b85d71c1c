import { WEBHOOK_LIMITS } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';

const MESSAGE_KEYS = [
  'loadFailed',
  'createFailed',
  'updateFailed',
  'toggleFailed',
  'deleteFailed',
  'testFailed',
  'deliveriesFailed',
  'resendFailed',
  'limitReached',
  'pending',
  'saved',
  'enabled',
  'disabled',
  'deleted',
  'resent',
] as const;

type MessageKey = (typeof MESSAGE_KEYS)[number];

/**
 * The Integrations tab's own texts, in the current language each time one is read; the server's messages are shown
 * as they come.
 */
export const INTEGRATIONS_MESSAGES = Object.defineProperties(
  {} as Readonly<Record<MessageKey, string>>,
  Object.fromEntries(
    MESSAGE_KEYS.map((key) => [
      key,
      {
        enumerable: true,
        get: () => i18n.t(`integrations:messages.${key}`, { count: WEBHOOK_LIMITS.perSurvey }),
      },
    ]),
  ),
);
