import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** Sets a new password through a reset link's token. */
export const resetPassword = (body: ResetPasswordBody) =>
  api<MessageResponse>('/api/user/auth/reset-password', { method: 'POST', body: body satisfies ResetPasswordBody });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
