import { preloadPublicSurvey } from '@/features/survey-runner/api/get-public-survey';
import { askedLanguage } from '@/features/survey-runner/lib/survey-language';
import type { PublicPathMatch } from '@/features/survey-runner/public-paths';

/** What the page says when its code cannot be loaded (before any catalog could be). */
export function showLoadFailure(root: HTMLElement): void {
  root.innerHTML =
    '<p style="padding:2rem;text-align:center;font-family:system-ui,sans-serif">Quorum could not load. Please check your connection and reload the page.</p>';
}

/**
 * Starts the public survey page at a matched address: the survey is requested at once, in the language wanted,
 * while the page's code downloads. Used by both entries (main.tsx and public-main.tsx).
 */
export function startPublicPage(root: HTMLElement, match: PublicPathMatch): void {
  if (!match.thankYou) preloadPublicSurvey(match.surveyId, askedLanguage(match.surveyId, window.location.search));
  import('@/features/survey-runner/components/public-app').then(
    (m) => m.mountPublicApp(root),
    () => showLoadFailure(root),
  );
}
