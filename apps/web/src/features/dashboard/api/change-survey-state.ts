import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StateChangeBody, StateChangeResponse, SurveyState } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys, workspaceKeys } from '@/lib/query-keys';

export const changeSurveyState = (surveyId: string, state: SurveyState) =>
  api<StateChangeResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/state`, {
    method: 'PATCH',
    body: { state } satisfies StateChangeBody,
  });

/**
 * Launch, pause, resume, close or delete; every survey list is refetched afterwards, and so are the workspaces,
 * which carry the caller's count of active surveys against the limit.
 */
export const useChangeSurveyState = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, state }: { surveyId: string; state: SurveyState }) => changeSurveyState(surveyId, state),
    onSuccess: (data) => {
      queryClient.setQueryData(surveyKeys.detail(data.survey.surveyId), data.survey);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: surveyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
      ]),
  });
};
