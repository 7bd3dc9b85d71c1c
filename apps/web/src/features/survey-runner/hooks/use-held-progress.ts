import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PublicSurvey } from '@quorum/contract';
import type { KeptVisit } from '../api/visits';
import { answersInLanguage } from '../answer-state';
import { hiddenFieldsFromQuery } from '../lib/hidden-fields';
import { freshProgress, loadProgress, saveProgress, type Progress } from './saved-progress';

interface HeldProgress {
  survey: PublicSurvey;
  progress: Progress;
}

/** The progress held, its answers read in the language `survey` is in now. */
function progressIn(held: HeldProgress, survey: PublicSurvey): Progress {
  if (held.survey === survey) return held.progress;
  return {
    ...held.progress,
    answers: answersInLanguage(held.survey.questions, survey.questions, held.progress.answers),
  };
}

/**
 * The respondent's progress through `survey` (where they are, their answers, the link's hidden fields, the funnel's
 * visit). The live page resumes what this browser saved and saves each change; the preview starts afresh and keeps
 * nothing. The progress is held with the survey its answers were given to: when the survey comes in another
 * language, the answers are read in that language (a chosen option stays chosen), and the respondent stays where
 * they are.
 */
export function useHeldProgress(survey: PublicSurvey, answeredIn: PublicSurvey | undefined, live: boolean) {
  const [held, setHeld] = useState<HeldProgress>(() => {
    const fromLink = hiddenFieldsFromQuery(window.location.search, survey.hiddenFields);
    // The live page resumes where this browser left off (read in the language its answers were given in, then in
    // the one shown); the preview starts afresh each time.
    if (!live) return { survey, progress: freshProgress(fromLink) };
    const saved = answeredIn ?? survey;
    return { survey: saved, progress: loadProgress(saved, fromLink) };
  });
  const progress = useMemo(() => progressIn(held, survey), [held, survey]);
  const setProgress = useCallback(
    (update: (progress: Progress) => Progress) =>
      setHeld((current) => ({ survey, progress: update(progressIn(current, survey)) })),
    [survey],
  );
  /** Keeps the funnel's visit with the progress, so the page opened again after a reload continues it. */
  const keepVisit = useCallback(
    (visit: KeptVisit) => setHeld((current) => ({ ...current, progress: { ...current.progress, visit } })),
    [],
  );

  useEffect(() => {
    if (live) saveProgress(survey.surveyId, progress, survey.language);
  }, [live, survey.surveyId, survey.language, progress]);

  return { progress, setProgress, keepVisit };
}
