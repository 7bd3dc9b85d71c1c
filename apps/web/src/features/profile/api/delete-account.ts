import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody, DeleteAccountResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** DELETE /api/user/account: the account and everything it owns, for good. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api<DeleteAccountResponse>('/api/user/account', { method: 'DELETE', body: body satisfies DeleteAccountBody });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
