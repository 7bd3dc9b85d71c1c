import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookList } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';

/** DELETE /api/surveys/:surveyId/webhooks/:webhookId → 204: it stops at once, its deliveries go with it. */
export const deleteWebhook = (surveyId: string, webhookId: string) =>
  api<null>(webhooksPath(surveyId, webhookId), { method: 'DELETE' });

export const useDeleteWebhook = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => deleteWebhook(surveyId, webhookId),
    onSuccess: (_data, webhookId) => {
      queryClient.setQueryData<WebhookList>(webhookKeys.list(surveyId), (list) =>
        list ? { webhooks: list.webhooks.filter((w) => w.id !== webhookId) } : list,
      );
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(surveyId, webhookId) });
    },
  });
};
