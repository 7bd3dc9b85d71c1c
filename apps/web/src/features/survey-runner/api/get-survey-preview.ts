import type { PublicSurvey } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** GET /api/surveys/:surveyId/preview: the owner's survey (an administrator's: any) as respondents see it, in any state. */
export function getSurveyPreview(surveyId: string, signal?: AbortSignal): Promise<PublicSurvey> {
  return api<PublicSurvey>(`/api/surveys/${encodeURIComponent(surveyId)}/preview`, { signal });
}
