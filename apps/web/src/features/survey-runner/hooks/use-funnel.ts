import { useEffect } from 'react';
import { openVisit, reportQuestion, type KeptVisit } from '../api/visits';

/**
 * The funnel: the live page counts a view, then each question as it is shown (`shownId`; never the preview). The
 * visit is kept with the progress (`kept`, `keep`), so the page opened again after a reload continues it instead
 * of counting a new view.
 */
export function useFunnel({
  live,
  surveyId,
  kept,
  keep,
  shownId,
}: {
  live: boolean;
  surveyId: string;
  kept: KeptVisit | undefined;
  /** Stable (its identity never changes): a new one would not open the visit again. */
  keep: (visit: KeptVisit) => void;
  /** The question on screen; none on the welcome screen. */
  shownId: string | null | undefined;
}): void {
  useEffect(() => {
    if (!live) return;
    openVisit(surveyId, kept, keep);
  }, [live, surveyId, kept, keep]);
  useEffect(() => {
    if (live && shownId) reportQuestion(surveyId, shownId);
  }, [live, surveyId, shownId]);
}
