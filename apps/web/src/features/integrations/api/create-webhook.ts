import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookBody } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';

/** POST /api/surveys/:surveyId/webhooks → 201 with the signing secret, which is never shown again. */
export const createWebhook = (surveyId: string, body: CreateWebhookBody) =>
  api<CreatedWebhook>(webhooksPath(surveyId), { method: 'POST', body: body satisfies CreateWebhookBody });

export const useCreateWebhook = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => createWebhook(surveyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(surveyId) }),
  });
};
