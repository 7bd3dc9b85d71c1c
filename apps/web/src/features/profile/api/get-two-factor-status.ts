import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatusResponse, UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const twoFactorKeys = { status: (role: UserType) => ['two-factor', role] as const };

/** GET /api/user/auth/2fa or /api/admin/auth/2fa: whether two-factor sign-in is on, by the session's role. */
export const getTwoFactorStatus = (role: UserType) => api<TwoFactorStatusResponse>(`/api/${role}/auth/2fa`);

export const useTwoFactorStatus = (role: UserType) =>
  useQuery({ queryKey: twoFactorKeys.status(role), queryFn: () => getTwoFactorStatus(role) });
