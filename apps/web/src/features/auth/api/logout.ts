import { useMutation } from '@tanstack/react-query';
import type { UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** How long signing out waits for the server before the browser forgets the session anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * POST /api/user/auth/logout or /api/admin/auth/logout: the server revokes the calling token. A token that no
 * longer works (401) is signed out already, so that answer is quiet.
 */
export const logout = (role: UserType) =>
  api<null>(`/api/${role}/auth/logout`, {
    method: 'POST',
    quietUnauthorized: true,
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });

export const useLogout = () => useMutation({ mutationFn: logout });
