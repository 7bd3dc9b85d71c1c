import { useCallback, useEffect, useState } from 'react';
import type { PublicSurvey } from '@quorum/contract';
import { ApiError } from '@/lib/api-client';
import { getPublicSurvey } from '../api/get-public-survey';

export type PublicSurveyState =
  | { status: 'loading' }
  | { status: 'ready'; survey: PublicSurvey }
  /** notFound: the server said 404 (unknown, or not active). */
  | { status: 'error'; notFound: boolean };

/** Loads the public survey once per id, with a retry for failures other than 404. */
export function usePublicSurvey(surveyId: string): { state: PublicSurveyState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PublicSurveyState & { key: string }>({ status: 'loading', key: '' });
  const key = `${surveyId}#${attempt}`;

  useEffect(() => {
    let cancelled = false;
    getPublicSurvey(surveyId).then(
      (survey) => !cancelled && setState({ status: 'ready', survey, key }),
      (error: unknown) =>
        !cancelled && setState({ status: 'error', notFound: error instanceof ApiError && error.status === 404, key }),
    );
    return () => {
      cancelled = true;
    };
  }, [surveyId, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Until this id's answer arrives, the state is loading (no stale survey after the id changes).
  return { state: state.key === key ? state : { status: 'loading' }, retry };
}
