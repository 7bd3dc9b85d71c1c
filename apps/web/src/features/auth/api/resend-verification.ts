import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResendVerificationBody } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const resendVerification = (body: ResendVerificationBody) =>
  api<MessageResponse>('/api/user/auth/resend-verification', {
    method: 'POST',
    body: body satisfies ResendVerificationBody,
  });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
