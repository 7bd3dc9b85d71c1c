import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse, UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** PUT /api/admin/auth/change-password or /api/user/auth/change-password, by the session's role. */
export const changePassword = ({ role, body }: { role: UserType; body: ChangePasswordBody }) =>
  api<ChangePasswordResponse>(`/api/${role}/auth/change-password`, {
    method: 'PUT',
    body: body satisfies ChangePasswordBody,
  });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
