import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './list-api-keys';

/** DELETE /api/user/api-keys/:id: the key stops working at once. */
export const revokeApiKey = (id: string) =>
  api<null>(`/api/user/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }),
  });
};
