import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryList } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { webhookKeys, webhooksPath } from './keys';

/** How often the deliveries are read again while one of them is still being sent. */
export const DELIVERIES_POLL_MS = 3000;

/** GET …/webhooks/:webhookId/deliveries: the newest deliveries, each with its attempts. */
export const getDeliveries = (surveyId: string, webhookId: string, signal?: AbortSignal) =>
  api<DeliveryList>(`${webhooksPath(surveyId, webhookId)}/deliveries`, { signal });

export const deliveriesQueryOptions = (surveyId: string, webhookId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(surveyId, webhookId),
    queryFn: ({ signal }) => getDeliveries(surveyId, webhookId, signal),
  });

/** The deliveries of one webhook, read again every few seconds while any is pending. */
export const useDeliveries = (surveyId: string, webhookId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...deliveriesQueryOptions(surveyId, webhookId),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? DELIVERIES_POLL_MS : false,
  });
