import type { PublicSurvey } from '@quorum/contract';
import { api } from '@/lib/api-client';

// The public page keeps to plain fetchers and local state instead of TanStack Query: it is the
// one screen everybody loads, and it must stay tiny (docs/performance.md, "Public page").

const url = (surveyId: string) => `/api/surveys/${encodeURIComponent(surveyId)}/public`;

let preloaded: { surveyId: string; promise: Promise<PublicSurvey> } | null = null;

/** Starts loading a survey before the page's code has arrived (called by the entry). */
export function preloadPublicSurvey(surveyId: string): void {
  const promise = api<PublicSurvey>(url(surveyId));
  promise.catch(() => undefined);
  preloaded = { surveyId, promise };
}

/** GET /api/surveys/:surveyId/public: the survey as respondents see it (404 unless active). */
export function getPublicSurvey(surveyId: string): Promise<PublicSurvey> {
  if (preloaded?.surveyId === surveyId) {
    const { promise } = preloaded;
    preloaded = null;
    return promise;
  }
  return api<PublicSurvey>(url(surveyId));
}
