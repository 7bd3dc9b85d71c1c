import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorBody, SessionResponse, UserType } from '@quorum/contract';
import { api } from './api-client';

/** POST /api/user/auth/login/2fa or /api/admin/auth/login/2fa: the second step of a login, with a code. */
export const loginTwoFactor = ({ role, body }: { role: UserType; body: LoginTwoFactorBody }) =>
  api<SessionResponse>(`/api/${role}/auth/login/2fa`, { method: 'POST', body: body satisfies LoginTwoFactorBody });

export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor });
