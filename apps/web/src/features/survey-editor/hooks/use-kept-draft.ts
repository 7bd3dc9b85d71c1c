import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { onSessionEnded } from '@/lib/session-ended';
import { useSession } from '@/lib/session';
import { forgetKeptDraft, forgetKeptEdit, keepDraft, keepEdit, readKeptDraft, readKeptEdit } from '../lib/kept-draft';
import type { SurveyDraft } from '../lib/editor-model';

/** A draft without its React keys, to compare what was typed with what the page started from. */
export const draftContent = (draft: SurveyDraft) =>
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
    const start = draftContent(baseline);
    return onSessionEnded(() => {
      const values = getValues();
      if (draftContent(values) !== start) keepDraft(userId, pathname, values);
    });
  }, [userId, pathname, getValues, baseline]);
}

/** How long typing pauses before the edits are kept: every edit is kept, without writing on each key. */
export const KEEP_EDITS_AFTER_MS = 400;

export interface KeptEditsOffer {
  draft: SurveyDraft;
  keptAt: number;
}

/**
 * Keeps every edit in this browser (debounced) while the form differs from `baseline` and is not saved, and
 * forgets them once it is saved or back to `baseline`. Edits kept by an earlier visit of this page are offered back
 * (`offer`) until the user restores or discards them; meanwhile nothing overwrites them.
 */
export function useKeptEdits(values: SurveyDraft, baseline: SurveyDraft, saved: boolean, skipOffer: boolean) {
  const { userId, pathname } = useOwner();
  const [offer, setOffer] = useState<KeptEditsOffer | null>(() => {
    if (!userId || skipOffer) return null;
    const kept = readKeptEdit(userId, pathname);
    return kept && draftContent(kept.draft) !== draftContent(baseline) ? kept : null;
  });
  const changed = draftContent(values) !== draftContent(baseline);
  /** Edits not yet written: written at once when the page goes away (leaving, closing the tab). */
  const pending = useRef<SurveyDraft | null>(null);

  useEffect(() => {
    if (!userId || offer) return;
    if (saved || !changed) {
      pending.current = null;
      forgetKeptEdit(userId, pathname);
      return;
    }
    pending.current = values;
    const timer = setTimeout(() => {
      keepEdit(userId, pathname, values);
      pending.current = null;
    }, KEEP_EDITS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [userId, pathname, values, changed, saved, offer]);

  useEffect(() => {
    if (!userId) return;
    const flush = () => {
      if (pending.current) keepEdit(userId, pathname, pending.current);
      pending.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [userId, pathname]);

  const settle = useCallback(() => setOffer(null), []);
  const discard = useCallback(() => {
    if (userId) forgetKeptEdit(userId, pathname);
    setOffer(null);
  }, [userId, pathname]);
  return { offer, settle, discard };
}
