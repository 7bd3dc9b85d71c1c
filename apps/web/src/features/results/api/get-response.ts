import { skipToken, useQuery } from '@tanstack/react-query';
import type { ResponseRow } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { resultsKeys } from './keys';

const responsePath = (surveyId: string, responseId: string) =>
  `/api/surveys/${encodeURIComponent(surveyId)}/responses/${encodeURIComponent(responseId)}`;

/** GET …/responses/:responseId: one response in full (answers, hidden fields, duration, flags). */
export const getResponse = (surveyId: string, responseId: string, signal?: AbortSignal) =>
  api<ResponseRow>(responsePath(surveyId, responseId), { signal });

/** One response; `initial` (the table's row) shows at once while the stored response is read again. */
export const useResponse = (surveyId: string, responseId: string | null, initial?: ResponseRow) =>
  useQuery({
    queryKey: resultsKeys.response(surveyId, responseId ?? ''),
    queryFn: responseId === null ? skipToken : ({ signal }) => getResponse(surveyId, responseId, signal),
    placeholderData: initial,
    retry: false,
  });

/** DELETE …/responses/:responseId → 204. */
export const deleteResponse = (surveyId: string, responseId: string) =>
  api<void>(responsePath(surveyId, responseId), { method: 'DELETE' });
