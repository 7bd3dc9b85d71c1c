import type { SsoExchangeBody, SsoExchangeResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** Trades single sign-on's one-time code for an administrator session. */
export const exchangeAdminSsoCode = (code: string) =>
  api<SsoExchangeResponse>('/api/admin/auth/sso/exchange', {
    method: 'POST',
    body: { code } satisfies SsoExchangeBody,
  });
