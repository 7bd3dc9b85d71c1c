import { queryOptions, useQuery } from '@tanstack/react-query';
import { SHARED_RESULTS_REFRESH_SECONDS, type SharedResults } from '@quorum/contract';
import { api, ApiError } from '@/lib/api-client';

/** The viewer's time zone: the report counts responses per day in it. */
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /api/shared/results/:token?tz=: a shared report (statistics, charts and funnel; no responses). */
export const getSharedResults = (token: string, timeZone: string, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (timeZone) params.set('tz', timeZone);
  const query = params.size > 0 ? `?${params}` : '';
  return api<SharedResults>(`/api/shared/results/${encodeURIComponent(token)}${query}`, { signal });
};

/** A revoked or unknown link: the server answers 404, now and on every later ask. */
export const isReportGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** How often the report is read again while open, for live numbers. */
export const SHARED_RESULTS_REFRESH_MS = SHARED_RESULTS_REFRESH_SECONDS * 1000;

export const sharedResultsQueryOptions = (token: string, timeZone = viewerTimeZone()) =>
  queryOptions({
    queryKey: ['shared-results', token, timeZone] as const,
    queryFn: ({ signal }) => getSharedResults(token, timeZone, signal),
  });

/**
 * The report, read again every SHARED_RESULTS_REFRESH_SECONDS while the page is shown, for live numbers. Once the
 * link is gone (404) it is not asked again; a refused request is not retried.
 */
export const useSharedResults = (token: string) =>
  useQuery({
    ...sharedResultsQueryOptions(token),
    refetchInterval: (query) => (isReportGone(query.state.error) ? false : SHARED_RESULTS_REFRESH_MS),
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
