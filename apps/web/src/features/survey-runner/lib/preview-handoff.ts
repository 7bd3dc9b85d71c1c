import type { PublicSurvey } from '@quorum/contract';

/**
 * Placeholder with the runner's signature, so the editor's Preview button compiles; the runner's own module
 * replaces it. Keeps the draft in this browser under a one-time token and opens the preview page with it.
 */
export function openPreview(survey: PublicSurvey, surveyId?: string): void {
  const token = crypto.randomUUID();
  localStorage.setItem(`quorum.preview.${token}`, JSON.stringify(survey));
  const id = encodeURIComponent(surveyId ?? 'new');
  window.open(`/surveys/${id}/preview?draft=${encodeURIComponent(token)}`, '_blank', 'noopener');
}
