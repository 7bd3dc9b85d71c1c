import type { PublicSurvey } from '@quorum/contract';
import { api } from '@/lib/api-client';

// The public page keeps to plain fetchers and local state instead of TanStack Query: it is the
// one screen everybody loads, and it must stay tiny (docs/performance.md, "Public page").

function url(surveyId: string, lang: string | undefined): string {
  const path = `/api/surveys/${encodeURIComponent(surveyId)}/public`;
  return lang === undefined ? path : `${path}?${new URLSearchParams({ lang }).toString()}`;
}

let preloaded: { surveyId: string; lang: string | undefined; promise: Promise<PublicSurvey> } | null = null;

/** Starts loading a survey before the page's code has arrived (called by the entry). */
export function preloadPublicSurvey(surveyId: string, lang?: string): void {
  const promise = api<PublicSurvey>(url(surveyId, lang));
  promise.catch(() => undefined);
  preloaded = { surveyId, lang, promise };
}

/**
 * GET /api/surveys/:surveyId/public: the survey as respondents see it (404 unless active), in `lang` when it offers
 * that language (else the server chooses by the browser's languages, then the survey's default).
 */
export function getPublicSurvey(surveyId: string, lang?: string): Promise<PublicSurvey> {
  if (preloaded?.surveyId === surveyId && preloaded.lang === lang) {
    const { promise } = preloaded;
    preloaded = null;
    return promise;
  }
  return api<PublicSurvey>(url(surveyId, lang));
}
