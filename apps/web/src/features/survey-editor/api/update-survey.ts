import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Survey, SurveyInput } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

export const updateSurvey = (surveyId: string, input: SurveyInput) =>
  api<Survey>(`/api/surveys/${encodeURIComponent(surveyId)}`, { method: 'PUT', body: input });

/** Saves an edit; the survey's own query is refreshed and the dashboard list invalidated by its key. */
export const useUpdateSurvey = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SurveyInput) => updateSurvey(surveyId, input),
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyKeys.detail(surveyId), survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
};
