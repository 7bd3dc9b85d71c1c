import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetupResponse, UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** POST …/auth/2fa/setup: a new secret, not in force until a code from it turns two-factor sign-in on. */
export const setUpTwoFactor = (role: UserType) =>
  api<TwoFactorSetupResponse>(`/api/${role}/auth/2fa/setup`, { method: 'POST' });

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });
