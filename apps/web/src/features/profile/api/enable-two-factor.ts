import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorEnableBody, TwoFactorEnableResponse, UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { twoFactorKeys } from './get-two-factor-status';

/** POST …/auth/2fa/enable: turns it on with a code of the new secret; answers the recovery codes once. */
export const enableTwoFactor = ({ role, body }: { role: UserType; body: TwoFactorEnableBody }) =>
  api<TwoFactorEnableResponse>(`/api/${role}/auth/2fa/enable`, {
    method: 'POST',
    body: body satisfies TwoFactorEnableBody,
  });

export const useEnableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (_data, { role }) => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status(role) }),
  });
};
