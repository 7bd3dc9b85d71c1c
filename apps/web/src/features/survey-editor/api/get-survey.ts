import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Survey } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

export const getSurvey = (surveyId: string) => api<Survey>(`/api/surveys/${encodeURIComponent(surveyId)}`);

export const surveyQueryOptions = (surveyId: string) =>
  queryOptions({ queryKey: surveyKeys.detail(surveyId), queryFn: () => getSurvey(surveyId) });

/** The survey being edited; not fetched when `enabled` is false (create mode, or the survey came with navigation). */
export const useSurvey = (surveyId: string, enabled: boolean) => useQuery({ ...surveyQueryOptions(surveyId), enabled });
