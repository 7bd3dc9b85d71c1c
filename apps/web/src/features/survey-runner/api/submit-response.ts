import type { SubmitResponseBody, SubmitResponseResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** POST /api/surveys/:surveyId/responses: records one response; 201 with its id. */
export function submitResponse(surveyId: string, body: SubmitResponseBody): Promise<SubmitResponseResponse> {
  return api<SubmitResponseResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/responses`, {
    method: 'POST',
    body,
  });
}
