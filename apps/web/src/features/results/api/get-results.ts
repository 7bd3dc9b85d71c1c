import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultsFilter, ResultsResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { filterKeyOf, resultsRequestParams } from '../lib/results-filter';
import { resultsKeys } from './keys';

/** GET …/results with the filter and the viewer's time zone (the timeline's days). */
export const getResults = (surveyId: string, filter: ResultsFilter, signal?: AbortSignal) =>
  api<ResultsResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/results?${resultsRequestParams(filter)}`, {
    signal,
  });

export const resultsQueryOptions = (surveyId: string, filter: ResultsFilter = {}) =>
  queryOptions({
    queryKey: resultsKeys.summary(surveyId, filterKeyOf(filter)),
    queryFn: ({ signal }) => getResults(surveyId, filter, signal),
    staleTime: 5_000,
  });

/**
 * The statistics of the filtered responses; `pollMs` refetches on a timer while live updates are not connected
 * (the fallback). A failed load is not polled: the screen shows the error and a "Try again" button instead.
 * While another filter's numbers load, the previous ones stay on screen (`isPlaceholderData`).
 */
export const useResults = (surveyId: string, filter: ResultsFilter, options: { pollMs?: number | false } = {}) =>
  useQuery({
    ...resultsQueryOptions(surveyId, filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.status === 'error' ? false : (options.pollMs ?? false)),
  });
