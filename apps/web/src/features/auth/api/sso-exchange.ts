import type { SsoExchangeBody, SsoExchangeResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** Trades single sign-on's one-time code for a user session. */
export const exchangeSsoCode = (code: string) =>
  api<SsoExchangeResponse>('/api/user/auth/sso/exchange', { method: 'POST', body: { code } satisfies SsoExchangeBody });
