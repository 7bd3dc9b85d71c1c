import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreatedApiKey } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './list-api-keys';

/** POST /api/user/api-keys: a new key, whose `key` is shown this once. */
export const createApiKey = (body: CreateApiKeyBody) =>
  api<CreatedApiKey>('/api/user/api-keys', { method: 'POST', body: body satisfies CreateApiKeyBody });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }),
  });
};
