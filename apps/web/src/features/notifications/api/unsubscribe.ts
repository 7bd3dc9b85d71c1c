import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeBody, UnsubscribeResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** Turns off "Email me about new responses" for the survey a notification mail's link names; no sign-in. */
export const unsubscribe = (body: UnsubscribeBody) =>
  api<UnsubscribeResponse>('/api/notifications/unsubscribe', {
    method: 'POST',
    body: body satisfies UnsubscribeBody,
  });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
