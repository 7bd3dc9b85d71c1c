import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookBody, Webhook, WebhookList } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';

/** PATCH /api/surveys/:surveyId/webhooks/:webhookId: its URL, its events, or turning it on or off. */
export const updateWebhook = (surveyId: string, webhookId: string, body: UpdateWebhookBody) =>
  api<Webhook>(webhooksPath(surveyId, webhookId), { method: 'PATCH', body: body satisfies UpdateWebhookBody });

export const useUpdateWebhook = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, body }: { webhookId: string; body: UpdateWebhookBody }) =>
      updateWebhook(surveyId, webhookId, body),
    onSuccess: (updated) => {
      queryClient.setQueryData<WebhookList>(webhookKeys.list(surveyId), (list) =>
        list ? { webhooks: list.webhooks.map((w) => (w.id === updated.id ? updated : w)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list(surveyId) });
    },
  });
};
