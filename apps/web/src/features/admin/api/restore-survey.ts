import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StateChangeBody, StateChangeResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';
import { adminSurveyKeys } from './get-admin-surveys';

/** An administrator restores a deleted survey to draft (by its id). */
export const restoreSurvey = (surveyId: string) =>
  api<StateChangeResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/state`, {
    method: 'PATCH',
    body: { state: 'draft' } satisfies StateChangeBody,
  });

export const useRestoreSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (surveyId: string) => restoreSurvey(surveyId),
    onSuccess: (data) => queryClient.setQueryData(surveyKeys.detail(data.survey.surveyId), data.survey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSurveyKeys.all }),
  });
};
