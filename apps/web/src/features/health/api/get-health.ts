import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

export const getHealth = () => api<HealthResponse>('/api/health');

export const healthQueryOptions = () => queryOptions({ queryKey: ['health'], queryFn: getHealth, retry: false });

export const useHealth = () => useQuery(healthQueryOptions());
