import { useQuery } from '@tanstack/react-query';
import type { Survey } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

/**
 * The survey with its current questions and their skip logic (GET /api/surveys/:id, for its workspace's members
 * and administrators), read when a response is opened: it tells a skipped question from one the path never
 * showed. The results screen reads it too, for the caller's role and who made and changed the survey.
 */
export const useSurveyQuestions = (surveyId: string, enabled: boolean) =>
  useQuery({
    queryKey: surveyKeys.detail(surveyId),
    queryFn: ({ signal }) => api<Survey>(`/api/surveys/${encodeURIComponent(surveyId)}`, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
