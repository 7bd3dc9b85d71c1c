import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SurveyListResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';
import { listQuery, type DashboardFilters } from '../lib/list-params';

/**
 * The dashboard loads the list a page at a time ("Show more"), so an owner with a thousand surveys gets a
 * quick first screen and a DOM that only holds what was asked for.
 */
export const DASHBOARD_PAGE_SIZE = 50;

export const getSurveys = (workspaceId: string, filters: DashboardFilters, limit: number, offset: number) =>
  api<SurveyListResponse>(`/api/surveys?${listQuery(filters, limit, offset, workspaceId)}`);

/** One workspace's surveys: the workspace is part of the key, so each one's list is cached on its own. */
export const surveysQueryOptions = (workspaceId: string, filters: DashboardFilters) =>
  infiniteQueryOptions({
    queryKey: [...surveyKeys.lists(), 'dashboard', workspaceId, filters] as const,
    queryFn: ({ pageParam }) => getSurveys(workspaceId, filters, DASHBOARD_PAGE_SIZE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: SurveyListResponse, pages: SurveyListResponse[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.surveys.length, 0);
      return loaded < last.total && last.surveys.length > 0 ? loaded : undefined;
    },
  });

/**
 * While another search or sort of the same workspace loads, the previous list stays on screen (marked busy)
 * instead of a skeleton; another workspace's list never stands in for this one's.
 */
export const useSurveys = (workspaceId: string, filters: DashboardFilters, enabled: boolean) =>
  useInfiniteQuery({
    ...surveysQueryOptions(workspaceId, filters),
    enabled,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === workspaceId ? previous : undefined),
  });
