import { useMutation, useQueryClient } from '@tanstack/react-query';
import { surveyKeys } from '@/lib/query-keys';
import { deleteResponse } from './get-response';
import { resultsKeys } from './keys';

/**
 * Deletes one response (the owner only). Afterwards everything on the screen is read again at once, the totals,
 * the statistics, the charts and the table, and the dashboard's response counts.
 */
export const useDeleteResponse = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (responseId: string) => deleteResponse(surveyId, responseId),
    // The reads start at once and are not awaited: the dialog closes without waiting for them.
    onSuccess: (_data, responseId) => {
      queryClient.removeQueries({ queryKey: resultsKeys.response(surveyId, responseId) });
      void queryClient.invalidateQueries({ queryKey: resultsKeys.summaries(surveyId) });
      void queryClient.invalidateQueries({ queryKey: resultsKeys.responseLists(surveyId) });
      void queryClient.invalidateQueries({ queryKey: surveyKeys.lists() });
    },
  });
};
