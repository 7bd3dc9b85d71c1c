import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyListResponse, SurveyState } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

/** Surveys per page on the admin list. */
export const ADMIN_PAGE_SIZE = 25;

export interface AdminSurveyParams {
  /** Title, creator name or creator email; '' for all. */
  q: string;
  state: SurveyState | '';
  limit: number;
  offset: number;
}

export const adminSurveyKeys = {
  all: [...surveyKeys.lists(), 'admin'] as const,
  list: (params: AdminSurveyParams) => [...adminSurveyKeys.all, params] as const,
};

/** For an administrator the server answers every survey of every user, with its creator. */
export const getAdminSurveys = (params: AdminSurveyParams, signal?: AbortSignal) => {
  const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.state) search.set('state', params.state);
  return api<SurveyListResponse>(`/api/surveys?${search.toString()}`, { signal });
};

/** A page of the list and where it starts: the last page when the one asked for lies past the end. */
export type AdminSurveyPage = SurveyListResponse & { offset: number };

/**
 * The page at `offset`; past the end (a survey restored out of the filter, an old link) the last page
 * instead, so the screen never shows an empty page of a list that has surveys.
 */
export async function getAdminSurveyPage(params: AdminSurveyParams, signal?: AbortSignal): Promise<AdminSurveyPage> {
  const page = await getAdminSurveys(params, signal);
  if (page.surveys.length > 0 || page.total === 0 || params.offset === 0) return { ...page, offset: params.offset };
  const offset = Math.floor((page.total - 1) / params.limit) * params.limit;
  return { ...(await getAdminSurveys({ ...params, offset }, signal)), offset };
}

export const adminSurveysQueryOptions = (params: AdminSurveyParams) =>
  queryOptions({
    queryKey: adminSurveyKeys.list(params),
    queryFn: ({ signal }) => getAdminSurveyPage(params, signal),
    // Paging and searching keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAdminSurveys = (params: AdminSurveyParams) => useQuery(adminSurveysQueryOptions(params));
