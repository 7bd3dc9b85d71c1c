import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyListResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

/** The dashboard shows every survey of the owner at once (the server caps a page at 500). */
export const DASHBOARD_LIST_LIMIT = 500;

export const getSurveys = (limit = DASHBOARD_LIST_LIMIT) => api<SurveyListResponse>(`/api/surveys?limit=${limit}`);

export const surveysQueryOptions = (limit = DASHBOARD_LIST_LIMIT) =>
  queryOptions({ queryKey: surveyKeys.list({ limit }), queryFn: () => getSurveys(limit) });

export const useSurveys = () => useQuery(surveysQueryOptions());
