import { useQuery } from '@tanstack/react-query';
import type { ApiKeyList } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const apiKeyKeys = { list: ['api-keys'] as const };

/** GET /api/user/api-keys: the user's keys, newest first (never the keys themselves). */
export const listApiKeys = () => api<ApiKeyList>('/api/user/api-keys');

export const useApiKeys = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: apiKeyKeys.list, queryFn: listApiKeys, enabled });
