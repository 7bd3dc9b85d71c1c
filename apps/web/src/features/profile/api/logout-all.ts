import { useMutation } from '@tanstack/react-query';
import type { UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

/**
 * POST /api/user/auth/logout-all or /api/admin/auth/logout-all: ends every session of the account, this one
 * included. A 401 means this session had ended already, which the screen treats as done.
 */
export const logoutAll = (role: UserType) =>
  api<null>(`/api/${role}/auth/logout-all`, { method: 'POST', quietUnauthorized: true });

export const useLogoutAll = () => useMutation({ mutationFn: logoutAll });
