import {
  answerFor,
  emptyAnswers,
  isRequired,
  questionPath,
  type AnswerValue,
  type PublicSurvey,
} from '@quorum/contract';
import { newSeed } from '@/question-types/shared/shuffle';
import { questionRunnerOf } from '@/question-types/runner';
import { isReady, readyAnswers } from '../answer-state';

// Answers in progress are kept in this browser per survey, so a reload (phones drop tabs) loses
// nothing; they are cleared after a successful submit.

export interface Progress {
  index: number;
  answers: Record<string, AnswerValue>;
  /** The respondent's own seed for the questions shown in random order: the same order after a reload. */
  seed: string;
}

const keyFor = (surveyId: string) => `quorum.survey-progress.${surveyId}`;

/** Reads saved progress, keeping only answers that still fit the survey's current questions. */
export function loadProgress(survey: PublicSurvey): Progress {
  let saved: Partial<Progress> | null;
  try {
    saved = JSON.parse(localStorage.getItem(keyFor(survey.surveyId)) ?? 'null') as Partial<Progress> | null;
  } catch {
    saved = null;
  }
  // Keyed by question id: own keys only, in a record without a prototype, whatever the ids are.
  const answers = emptyAnswers();
  const raw = saved && typeof saved.answers === 'object' && saved.answers ? saved.answers : undefined;
  for (const question of survey.questions) {
    const value = questionRunnerOf(question).restore(question, answerFor(raw, question.id));
    if (value !== undefined) answers[question.id] = value;
  }
  // Resume where the respondent was on their path, but never past a required question still open.
  const path = questionPath(survey.questions, readyAnswers(survey.questions, answers));
  const firstOpen = path.findIndex((q) => isRequired(q) && !isReady(q, answerFor(answers, q.id)));
  const reachable = firstOpen === -1 ? path : path.slice(0, firstOpen + 1);
  const index = typeof saved?.index === 'number' && Number.isInteger(saved.index) ? saved.index : 0;
  const at = survey.questions[index];
  const resumed = at && reachable.includes(at) ? at : reachable[reachable.length - 1];
  const seed = typeof saved?.seed === 'string' && saved.seed !== '' ? saved.seed : newSeed();
  return { index: resumed ? survey.questions.indexOf(resumed) : 0, answers, seed };
}

export function saveProgress(surveyId: string, progress: Progress): void {
  try {
    localStorage.setItem(keyFor(surveyId), JSON.stringify(progress));
  } catch {
    // Storage full or refused (private mode): answering still works, only the reload safety is lost.
  }
}

export function clearProgress(surveyId: string): void {
  try {
    localStorage.removeItem(keyFor(surveyId));
  } catch {
    // Nothing to clear.
  }
}
