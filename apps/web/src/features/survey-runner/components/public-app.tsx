import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPublicPath } from '../public-paths';
import { SurveyRunner, type Navigate } from './survey-runner';
import { thankYouFor } from '../lib/thank-you-handoff';
import { ThankYou } from './thank-you';
import { initI18n } from '@/i18n/i18n';
import { PUBLIC_NAMESPACES } from '@/i18n/languages';

/**
 * A direct visit to a public survey or its thank-you page runs this small app instead of the
 * whole SPA: React and the runner, without the router, TanStack Query or the session. It moves
 * between its two pages with the History API; any other address is a full page load.
 */
function PublicApp() {
  const [pathname, setPathname] = useState(() => window.location.pathname);

  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback<Navigate>((to, options) => {
    if (!matchPublicPath(to)) {
      window.location.assign(to);
      return;
    }
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    window.scrollTo(0, 0);
    setPathname(to);
  }, []);

  const match = matchPublicPath(pathname);
  useEffect(() => {
    if (!match) window.location.reload();
  }, [match]);
  if (!match) return null;
  return match.thankYou ? (
    <ThankYou screen={thankYouFor(match.surveyId)} />
  ) : (
    <SurveyRunner key={match.surveyId} projectId={match.projectId} surveyId={match.surveyId} navigate={navigate} />
  );
}

export async function mountPublicApp(container: HTMLElement): Promise<void> {
  await initI18n({ namespaces: PUBLIC_NAMESPACES });
  createRoot(container).render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  );
}
