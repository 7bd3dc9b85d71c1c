import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Survey } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

/** POST /api/surveys/:surveyId/duplicate: a new draft "Copy of {title}" with the same questions and settings. */
export const duplicateSurvey = (surveyId: string) =>
  api<Survey>(`/api/surveys/${encodeURIComponent(surveyId)}/duplicate`, { method: 'POST' });

/** Duplicates a survey; the copy is cached for the editor and every survey list refetched by its key. */
export const useDuplicateSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyKeys.detail(survey.surveyId), survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
};
