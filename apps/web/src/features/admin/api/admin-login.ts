import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const adminLogin = (body: LoginBody) =>
  api<LoginResponse>('/api/admin/auth/login', { method: 'POST', body: body satisfies LoginBody });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
