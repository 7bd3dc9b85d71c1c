import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResultsShare, ResultsShareStatus, ShareResultsBody } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

const sharePath = (surveyId: string) => `/api/surveys/${encodeURIComponent(surveyId)}/results/share`;
const shareKey = (surveyId: string) => [...resultsKeys.survey(surveyId), 'share'] as const;

/** GET …/results/share: the survey's shared report, or `{ share: null }` while the results are not shared. */
export const getResultsShare = (surveyId: string, signal?: AbortSignal) =>
  api<ResultsShareStatus>(sharePath(surveyId), { signal });

export const resultsShareQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: shareKey(surveyId),
    queryFn: ({ signal }) => getResultsShare(surveyId, signal),
  });

export const useResultsShare = (surveyId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...resultsShareQueryOptions(surveyId), enabled });

/** POST …/results/share: shares the results (the same link while shared), with or without the text answers. */
export const shareResults = (surveyId: string, body: ShareResultsBody) =>
  api<ResultsShare>(sharePath(surveyId), { method: 'POST', body });

/** DELETE …/results/share: the link stops working. */
export const stopSharingResults = (surveyId: string) => api<null>(sharePath(surveyId), { method: 'DELETE' });

export const useShareResults = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareResultsBody) => shareResults(surveyId, body),
    onSuccess: (share) => queryClient.setQueryData<ResultsShareStatus>(shareKey(surveyId), { share }),
  });
};

export const useStopSharingResults = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopSharingResults(surveyId),
    onSuccess: () => queryClient.setQueryData<ResultsShareStatus>(shareKey(surveyId), { share: null }),
  });
};
