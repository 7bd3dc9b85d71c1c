import type { PublicSurvey } from '@quorum/contract';
import { api } from '@/lib/api-client';

/**
 * GET /api/surveys/:surveyId/preview: the owner's survey (an administrator's: any) as respondents see it, in any
 * state, in `lang` when it offers that language.
 */
export function getSurveyPreview(
  surveyId: string,
  lang: string | undefined,
  signal?: AbortSignal,
): Promise<PublicSurvey> {
  const path = `/api/surveys/${encodeURIComponent(surveyId)}/preview`;
  return api<PublicSurvey>(lang === undefined ? path : `${path}?${new URLSearchParams({ lang }).toString()}`, {
    signal,
  });
}
