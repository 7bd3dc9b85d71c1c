import { answerFor, emptyAnswers, isAnswered, type AnswerValue, type PublicSurvey } from '@quorum/contract';
import { questionRunnerOf } from '@/question-types/runner';

// Answers in progress are kept in this browser per survey, so a reload (phones drop tabs) loses
// nothing; they are cleared after a successful submit.

export interface Progress {
  index: number;
  answers: Record<string, AnswerValue>;
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
  // Resume where the respondent was, but never past a question that still needs an answer.
  const firstOpen = survey.questions.findIndex((q) => !isAnswered(answerFor(answers, q.id)));
  const last = firstOpen === -1 ? Math.max(0, survey.questions.length - 1) : firstOpen;
  const index = typeof saved?.index === 'number' && Number.isInteger(saved.index) ? saved.index : 0;
  return { index: Math.min(Math.max(index, 0), last), answers };
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
