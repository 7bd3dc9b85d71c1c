import {
  isJsonObject,
  answerFor,
  emptyAnswers,
  isRequired,
  questionPath,
  questionTypeIs,
  type AnswerValue,
  type PublicSurvey,
} from '@quorum/contract';
import { newSeed } from '@/question-types/shared/shuffle';
import { questionRunnerOf } from '@/question-types/runner';
import type { KeptVisit } from '../api/visits';
import { isReady, readyAnswers } from '../answer-state';
import { keptHiddenFields } from '../lib/hidden-fields';

// Answers in progress are kept in this browser per survey, so a reload (phones drop tabs) loses
// nothing; they are cleared after a successful submit. The hidden fields the link carried are kept with
// them, so a reload (or a link shared without its query) still sends them, and the survey language the
// answers were given in. The funnel's visit is kept too, so the page opened again continues it (a reload is
// not a new view).

export interface Progress {
  index: number;
  answers: Record<string, AnswerValue>;
  /** The respondent's own seed for the questions shown in random order: the same order after a reload. */
  seed: string;
  /** Past the welcome screen (a survey without one starts at its first question). */
  started: boolean;
  /** The declared hidden fields' values from the public link's query. */
  hiddenFields: Record<string, string>;
  /** The funnel's visit this browser opened for these answers, continued after a reload (the live page only). */
  visit?: KeptVisit;
}

const keyFor = (surveyId: string) => `quorum.survey-progress.${surveyId}`;

/**
 * What is saved for a survey (the progress and the survey language its answers were given in), each field still to
 * be checked as it is read; undefined when nothing is saved or it is no object.
 */
function readSaved(surveyId: string): Readonly<Record<string, unknown>> | undefined {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(keyFor(surveyId)) ?? 'null');
    return isJsonObject(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads saved progress, keeping only answers that still fit the survey's current questions; hidden-field values
 * from the link being opened (`fromLink`) win over saved ones. Options chosen in another language than the survey's
 * now are left out (they would read as "Other" texts); every other answer is kept.
 */
export function loadProgress(survey: PublicSurvey, fromLink: Record<string, string> = {}): Progress {
  const saved = readSaved(survey.surveyId);
  // Keyed by question id: own keys only, in a record without a prototype, whatever the ids are.
  const answers = emptyAnswers();
  const raw = isJsonObject(saved?.answers) ? saved.answers : undefined;
  const otherLanguage = typeof saved?.language === 'string' && saved.language !== survey.language;
  for (const question of survey.questions) {
    if (otherLanguage && questionTypeIs(question.type, 'translatedOptions')) continue;
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
  const hiddenFields = Object.assign(keptHiddenFields(saved?.hiddenFields, survey.hiddenFields), fromLink);
  const visit = keptVisit(saved?.visit);
  return {
    index: resumed ? survey.questions.indexOf(resumed) : 0,
    answers,
    seed,
    started: saved?.started === true,
    hiddenFields,
    ...(visit ? { visit } : {}),
  };
}

/** A saved visit read back: its id and when it was opened, as text; anything else reads as none. */
function keptVisit(raw: unknown): KeptVisit | undefined {
  if (!isJsonObject(raw)) return undefined;
  const { id, openedAt } = raw;
  return typeof id === 'string' && id !== '' && typeof openedAt === 'string' ? { id, openedAt } : undefined;
}

/** The survey language of the answers saved for a survey, if any. */
export function savedLanguage(surveyId: string): string | undefined {
  const language = readSaved(surveyId)?.language;
  return typeof language === 'string' ? language : undefined;
}

/** A start with nothing saved: the preview's, which keeps nothing in this browser. */
export function freshProgress(hiddenFields: Record<string, string>): Progress {
  return { index: 0, answers: emptyAnswers(), seed: newSeed(), started: false, hiddenFields };
}

/** Keeps a survey's progress, with the survey language its answers were given in. */
export function saveProgress(surveyId: string, progress: Progress, language?: string): void {
  try {
    localStorage.setItem(keyFor(surveyId), JSON.stringify({ ...progress, language }));
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
