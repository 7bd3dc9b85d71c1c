import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RegisterBody } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const register = (body: RegisterBody) =>
  api<MessageResponse>('/api/user/auth/register', { method: 'POST', body: body satisfies RegisterBody });

export const useRegister = () => useMutation({ mutationFn: register });
