import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Delivery, DeliveryList } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';
import { getDeliveries } from './get-deliveries';

/** The pauses between reads of the test delivery while its first attempt is awaited (about 15 s in all). */
const WAIT_STEPS_MS = [500, 1000, 1500, 2000, 2000, 2000, 2000, 2000, 2000];

/** POST …/webhooks/:webhookId/test → 202: a `webhook.test` delivery to this webhook only. */
export const sendTestEvent = (surveyId: string, webhookId: string) =>
  api<Delivery>(`${webhooksPath(surveyId, webhookId)}/test`, { method: 'POST' });

/** What became of a test event: its delivery, and whether its first attempt has ended yet. */
export interface TestEventResult {
  delivery: Delivery;
  answered: boolean;
}

const answered = (delivery: Delivery) => delivery.status !== 'pending' || delivery.attempts.length > 0;

/**
 * Sends the test event, then reads the webhook's deliveries until the first attempt of it has ended (or about
 * 15 s have passed), so the screen can say how the endpoint answered. Each read refreshes the deliveries list.
 */
async function sendAndAwaitFirstAttempt(
  queryClient: QueryClient,
  surveyId: string,
  webhookId: string,
): Promise<TestEventResult> {
  let delivery = await sendTestEvent(surveyId, webhookId);
  for (const pause of WAIT_STEPS_MS) {
    if (answered(delivery)) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    const list = await getDeliveries(surveyId, webhookId);
    queryClient.setQueryData<DeliveryList>(webhookKeys.deliveries(surveyId, webhookId), list);
    delivery = list.deliveries.find((d) => d.id === delivery.id) ?? delivery;
  }
  return { delivery, answered: answered(delivery) };
}

export const useSendTestEvent = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendAndAwaitFirstAttempt(queryClient, surveyId, webhookId),
    onSettled: (_data, _error, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(surveyId, webhookId) }),
  });
};
