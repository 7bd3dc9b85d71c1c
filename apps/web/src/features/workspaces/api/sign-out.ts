import { useMutation } from '@tanstack/react-query';
import type { UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** POST /api/{role}/auth/logout: the server revokes this token (a token that no longer works is quiet). */
export const useSignOutOnServer = () =>
  useMutation({
    mutationFn: (role: UserType) =>
      api<null>(`/api/${role}/auth/logout`, {
        method: 'POST',
        quietUnauthorized: true,
        signal: AbortSignal.timeout(5_000),
      }),
  });
