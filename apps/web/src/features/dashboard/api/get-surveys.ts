import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { SurveyListResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';
import { listQuery, type DashboardFilters } from '../lib/list-params';

/**
 * The dashboard loads the list a page at a time ("Show more"), so an owner with a thousand surveys gets a
 * quick first screen and a DOM that only holds what was asked for.
 */
export const DASHBOARD_PAGE_SIZE = 50;

export const getSurveys = (filters: DashboardFilters, limit: number, offset: number) =>
  api<SurveyListResponse>(`/api/surveys?${listQuery(filters, limit, offset)}`);

export const surveysQueryOptions = (filters: DashboardFilters) =>
  infiniteQueryOptions({
    queryKey: [...surveyKeys.lists(), 'dashboard', filters] as const,
    queryFn: ({ pageParam }) => getSurveys(filters, DASHBOARD_PAGE_SIZE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: SurveyListResponse, pages: SurveyListResponse[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.surveys.length, 0);
      return loaded < last.total && last.surveys.length > 0 ? loaded : undefined;
    },
  });

/** While another search or sort loads, the previous list stays on screen (marked busy) instead of a skeleton. */
export const useSurveys = (filters: DashboardFilters) =>
  useInfiniteQuery({ ...surveysQueryOptions(filters), placeholderData: keepPreviousData });

/**
 * How many surveys are active, whatever the list shows: the limit warning and the blocked Launch buttons must
 * not depend on the search, the filter or how many pages are loaded. One summary is fetched, the total is used.
 */
export const activeCountQueryOptions = () =>
  queryOptions({
    queryKey: [...surveyKeys.lists(), 'active-count'] as const,
    queryFn: () => api<SurveyListResponse>('/api/surveys?state=active&limit=1'),
    select: (data) => data.total,
  });

export const useActiveCount = () => useQuery(activeCountQueryOptions());
