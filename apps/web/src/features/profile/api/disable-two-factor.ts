import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorDisableBody, UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { twoFactorKeys } from './get-two-factor-status';

/** POST …/auth/2fa/disable: turns it off with the password and a current or recovery code. */
export const disableTwoFactor = ({ role, body }: { role: UserType; body: TwoFactorDisableBody }) =>
  api<{ message: string }>(`/api/${role}/auth/2fa/disable`, {
    method: 'POST',
    body: body satisfies TwoFactorDisableBody,
  });

export const useDisableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (_data, { role }) => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status(role) }),
  });
};
