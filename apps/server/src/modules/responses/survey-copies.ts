import type { Question } from '@quorum/contract';
import { languagesOf, openToRespondents, type SurveyLanguages, type SurveySettings } from '../surveys';
import type { AppContext } from '../../context';
import { findSurveyForTaking, type KnownQuestions, type LockedSurvey } from './responses.repository';

/** The questions a submission was checked against, with a fingerprint to compare at commit time, and the settings. */
export interface CheckedAgainst {
  questions: Question[];
  fingerprint: string;
  settings: SurveySettings;
  /** The survey's languages as read with its questions. */
  languages: SurveyLanguages;
  /** Its languages, default first. */
  offered: readonly string[];
  /** The questions in each language asked for so far (made once per copy, so once per survey version and language). */
  translated: Map<string, ReadonlyMap<string, { from: Question; to: Question }>>;
}

/** The languages of a survey as of one of its versions, with its questions translated as they are asked for. */
interface LanguagesRead {
  version: number;
  languages: SurveyLanguages;
  offered: readonly string[];
  translated: Map<string, ReadonlyMap<string, { from: Question; to: Question }>>;
}

/** What tells two versions of a survey's questions apart: a submission checked against other questions is checked again. */
export const fingerprintOf = (questions: Question[]) => JSON.stringify(questions);

function checkedAgainst(
  survey: { questions: Question[]; settings: SurveySettings },
  read: LanguagesRead,
  fingerprint: string = fingerprintOf(survey.questions),
): CheckedAgainst {
  return {
    questions: survey.questions,
    fingerprint,
    settings: survey.settings,
    languages: read.languages,
    offered: read.offered,
    translated: read.translated,
  };
}

/** The short-lived copies of the active surveys that submissions are checked against, and what the writer reuses. */
export interface SurveyCopies {
  /** The copy of a survey open to respondents (read again once older than the cache time), or null when it is not. */
  active(surveyId: string): Promise<CheckedAgainst | null>;
  /** Drops a survey's copy: the next submission reads the survey again. */
  forget(surveyId: string): void;
  /**
   * Keeps the survey as the group commit read it under its lock, with the fingerprint of its questions when they
   * were computed already; drops the copy when the survey takes no responses now or its languages are not known.
   */
  remember(surveyId: string, survey: LockedSurvey | undefined, fingerprint?: string): void;
  /** A survey's questions as of a version, for the writer (recordBatch reuses them while the version holds). */
  known(surveyId: string): KnownQuestions | undefined;
}

/** Copies are kept `cacheMs`; only active surveys are kept, so a survey launched a moment ago is taken at once. */
export function createSurveyCopies(deps: Pick<AppContext, 'db'>, cacheMs: number): SurveyCopies {
  const cache = new Map<string, { expires: number; value: Promise<CheckedAgainst | null> }>();
  // The questions of each survey as of a version, for the writer.
  const known = new Map<string, KnownQuestions>();
  const learn = (surveyId: string, version: number, questions: Question[]) => {
    if (known.size > 10_000) known.clear();
    known.set(surveyId, { version, questions });
  };
  // The languages of each survey as of a version, read with its questions outside the writer.
  const languagesRead = new Map<string, LanguagesRead>();

  function active(surveyId: string): Promise<CheckedAgainst | null> {
    const now = Date.now();
    const hit = cache.get(surveyId);
    if (hit && hit.expires > now) return hit.value;
    // Only active surveys are kept: a survey launched or resumed a moment ago must be taken at once.
    const value = findSurveyForTaking(deps.db.kysely, surveyId).then(
      (survey) => {
        if (!survey) {
          if (cache.get(surveyId)?.value === value) cache.delete(surveyId);
          return null;
        }
        learn(surveyId, survey.version, survey.questions);
        let read = languagesRead.get(surveyId);
        if (read?.version !== survey.version) {
          read = {
            version: survey.version,
            languages: survey.languages,
            offered: languagesOf(survey.languages),
            translated: new Map(),
          };
          if (languagesRead.size > 10_000) languagesRead.clear();
          languagesRead.set(surveyId, read);
        }
        if (openToRespondents(survey.state)) return checkedAgainst(survey, read);
        if (cache.get(surveyId)?.value === value) cache.delete(surveyId);
        return null;
      },
      (error: unknown) => {
        if (cache.get(surveyId)?.value === value) cache.delete(surveyId);
        throw error;
      },
    );
    if (cache.size > 10_000) cache.clear();
    cache.set(surveyId, { expires: now + cacheMs, value });
    return value;
  }

  function remember(surveyId: string, survey: LockedSurvey | undefined, fingerprint?: string) {
    if (survey) learn(surveyId, survey.version, survey.questions);
    if (!survey || !openToRespondents(survey.state)) {
      cache.delete(surveyId);
      return;
    }
    // The transaction reads no translations: the copy keeps those read for the same version, else is read again.
    const read = languagesRead.get(surveyId);
    if (read?.version !== survey.version) {
      cache.delete(surveyId);
      return;
    }
    const value = checkedAgainst(survey, read, fingerprint);
    cache.set(surveyId, { expires: Date.now() + cacheMs, value: Promise.resolve(value) });
  }

  return {
    active,
    forget: (surveyId) => {
      cache.delete(surveyId);
    },
    remember,
    known: (surveyId) => known.get(surveyId),
  };
}
