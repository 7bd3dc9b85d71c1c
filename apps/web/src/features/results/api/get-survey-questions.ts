import { useQuery } from '@tanstack/react-query';
import type { Survey } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

/**
 * The survey with its current questions and their skip logic (GET /api/surveys/:id, for the owner and
 * administrators), read when a response is opened: it tells a skipped question from one the path never showed.
 */
export const useSurveyQuestions = (surveyId: string, enabled: boolean) =>
  useQuery({
    queryKey: surveyKeys.detail(surveyId),
    queryFn: ({ signal }) => api<Survey>(`/api/surveys/${encodeURIComponent(surveyId)}`, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
