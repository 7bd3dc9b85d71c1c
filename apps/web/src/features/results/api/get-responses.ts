import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { resultsFilterParams, type ResponsesPage, type ResultsFilter } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { filterKeyOf } from '../lib/results-filter';
import { resultsKeys } from './keys';

export const RESPONSES_PAGE_SIZE = 50;

export const getResponsesPage = (
  surveyId: string,
  filter: ResultsFilter,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
) => {
  const params = resultsFilterParams(filter);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return api<ResponsesPage>(`/api/surveys/${encodeURIComponent(surveyId)}/responses?${params}`, { signal });
};

/**
 * The responses the filter keeps, newest first, one keyset page at a time. A refetch walks the loaded pages again
 * from the newest, each cursor taken from the page before, so rows that arrived meanwhile shift in without gaps or
 * repeats.
 */
export const responsesInfiniteQueryOptions = (
  surveyId: string,
  filter: ResultsFilter = {},
  pageSize = RESPONSES_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: resultsKeys.responses(surveyId, filterKeyOf(filter), pageSize),
    queryFn: ({ pageParam, signal }) => getResponsesPage(surveyId, filter, pageParam, pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5_000,
  });

export const useResponses = (surveyId: string, options: { filter?: ResultsFilter; enabled?: boolean } = {}) =>
  useInfiniteQuery({
    ...responsesInfiniteQueryOptions(surveyId, options.filter),
    enabled: options.enabled ?? true,
  });
