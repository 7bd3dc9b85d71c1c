import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const login = (body: LoginBody) =>
  api<LoginResponse>('/api/user/auth/login', { method: 'POST', body: body satisfies LoginBody });

export const useLogin = () => useMutation({ mutationFn: login });
