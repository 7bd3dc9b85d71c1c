import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';

/** POST …/deliveries/:deliveryId/resend → 202: a delivery that is not pending is sent again. */
export const resendDelivery = (surveyId: string, webhookId: string, deliveryId: string) =>
  api<Delivery>(`${webhooksPath(surveyId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
    method: 'POST',
  });

export const useResendDelivery = (surveyId: string, webhookId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendDelivery(surveyId, webhookId, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(surveyId, webhookId) }),
  });
};
