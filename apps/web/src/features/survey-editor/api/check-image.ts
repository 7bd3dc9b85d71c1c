import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImageCheckBody, ImageCheckResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** The server makes the HEAD request (browsers cannot read most image hosts' content type). */
export const checkImage = (url: string, signal?: AbortSignal) =>
  api<ImageCheckResponse>('/api/images/check', { method: 'POST', body: { url } satisfies ImageCheckBody, signal });

export const imageCheckQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['image-check', url] as const,
    queryFn: ({ signal }) => checkImage(url, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The live check of the branding URL; pass null to check nothing. */
export const useImageCheck = (url: string | null) =>
  useQuery({ ...imageCheckQueryOptions(url ?? ''), enabled: url !== null });
