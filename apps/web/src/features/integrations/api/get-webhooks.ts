import { useQuery } from '@tanstack/react-query';
import type { WebhookList } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';

/** GET /api/surveys/:surveyId/webhooks: the survey's webhooks, without their secrets. */
export const getWebhooks = (surveyId: string, signal?: AbortSignal) =>
  api<WebhookList>(webhooksPath(surveyId), { signal });

export const useWebhooks = (surveyId: string) =>
  useQuery({ queryKey: webhookKeys.list(surveyId), queryFn: ({ signal }) => getWebhooks(surveyId, signal) });
