import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { onSessionEnded } from '@/lib/session-ended';
import { useSession } from '@/lib/session';
import { forgetKeptDraft, keepDraft, readKeptDraft } from '../lib/kept-draft';
import type { SurveyDraft } from '../lib/editor-model';

/** A draft without its React keys, to compare what was typed with what the page started from. */
const content = (draft: SurveyDraft) =>
  JSON.stringify({ ...draft, questions: draft.questions.map(({ key: _key, ...question }) => question) });

/** The signed-in account and the page: a kept draft belongs to both. */
function useOwner() {
  const { state } = useSession();
  const { pathname } = useLocation();
  return { userId: state.status === 'signed-in' ? state.session.user.id : null, pathname };
}

/**
 * The survey this account left unsaved on this page when its session ended, or null. Shown once: it is
 * removed from storage as the page shows it, so a reload starts from the stored survey again.
 */
export function useRestoredDraft(): SurveyDraft | null {
  const { userId, pathname } = useOwner();
  const [restored] = useState(() => (userId ? readKeptDraft(userId, pathname) : null));
  useEffect(() => {
    if (restored) forgetKeptDraft();
  }, [restored]);
  return restored;
}

/**
 * When the session ends under the user's hands (any call answers 401), keeps the form's values if they differ
 * from `baseline`, what the page shows without them (the stored survey, or an empty one).
 */
export function useKeepDraftOnSessionEnd(getValues: () => SurveyDraft, baseline: SurveyDraft): void {
  const { userId, pathname } = useOwner();
  useEffect(() => {
    if (!userId) return;
    const start = content(baseline);
    return onSessionEnded(() => {
      const values = getValues();
      if (content(values) !== start) keepDraft(userId, pathname, values);
    });
  }, [userId, pathname, getValues, baseline]);
}
