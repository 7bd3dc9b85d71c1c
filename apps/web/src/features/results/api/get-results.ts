import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultsResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

export const getResults = (surveyId: string, signal?: AbortSignal) =>
  api<ResultsResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/results`, { signal });

export const resultsQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: resultsKeys.summary(surveyId),
    queryFn: ({ signal }) => getResults(surveyId, signal),
    staleTime: 5_000,
  });

/**
 * The statistics; `pollMs` refetches on a timer while live updates are not connected (the fallback).
 * A failed load is not polled: the screen shows the error and a "Try again" button instead.
 */
export const useResults = (surveyId: string, options: { pollMs?: number | false } = {}) =>
  useQuery({
    ...resultsQueryOptions(surveyId),
    refetchInterval: (query) => (query.state.status === 'error' ? false : (options.pollMs ?? false)),
  });
