import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ResponsesPage } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

export const RESPONSES_PAGE_SIZE = 50;

export const getResponsesPage = (surveyId: string, cursor: string | null, limit: number, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return api<ResponsesPage>(`/api/surveys/${encodeURIComponent(surveyId)}/responses?${params}`, { signal });
};

/**
 * Responses newest first, one keyset page at a time. A refetch walks the loaded pages again from the newest,
 * each cursor taken from the page before, so rows that arrived meanwhile shift in without gaps or repeats.
 */
export const responsesInfiniteQueryOptions = (surveyId: string, pageSize = RESPONSES_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: resultsKeys.responses(surveyId, pageSize),
    queryFn: ({ pageParam, signal }) => getResponsesPage(surveyId, pageParam, pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
  });

export const useResponses = (surveyId: string, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...responsesInfiniteQueryOptions(surveyId), enabled: options.enabled ?? true });
