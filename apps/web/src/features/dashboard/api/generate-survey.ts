import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateSurveyBody, Survey } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

/** POST /api/surveys/generate: a draft survey made from a text idea in a workspace, answered with the saved survey. */
export const generateSurvey = ({ prompt, workspaceId }: { prompt: string; workspaceId: string }) =>
  api<Survey>('/api/surveys/generate', {
    method: 'POST',
    body: { prompt, workspaceId } satisfies GenerateSurveyBody,
  });

/** Generates and saves a draft; it is cached for the editor and the dashboard list refetched by its key. */
export const useGenerateSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSurvey,
    onSuccess: async (survey) => {
      queryClient.setQueryData(surveyKeys.detail(survey.surveyId), survey);
      await queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
};
