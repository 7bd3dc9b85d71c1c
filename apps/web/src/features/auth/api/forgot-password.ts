import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api<MessageResponse>('/api/user/auth/forgot-password', { method: 'POST', body: body satisfies ForgotPasswordBody });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
