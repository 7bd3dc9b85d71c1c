import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECAPTCHA_HEADER, type VerifyEmailResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { getBotTokenWithRetry } from '@/lib/bot-check';

/** Opens a verification link; the bot-check token travels in a header, not in the body. */
export const verifyEmail = (token: string, botToken: string) =>
  api<VerifyEmailResponse>(`/api/user/auth/verify-email/${encodeURIComponent(token)}`, {
    headers: botToken ? { [RECAPTCHA_HEADER]: botToken } : {},
  });

/**
 * A query, not a mutation, so the link is opened once per screen even when React mounts twice.
 * It waits for the bot check (which retries when no token comes) and is never retried
 * itself: a second call would answer alreadyVerified, which is fine, but says nothing new.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => verifyEmail(token, await getBotTokenWithRetry('email_verification')),
    retry: false,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useVerifyEmail = (token: string) => useQuery(verifyEmailQueryOptions(token));
