import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Survey, SurveyInput } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

export const createSurvey = (input: SurveyInput) => api<Survey>('/api/surveys', { method: 'POST', body: input });

/** Creates a draft; the dashboard list is invalidated by its key and the new survey cached. */
export const useCreateSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyKeys.detail(survey.surveyId), survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
};
