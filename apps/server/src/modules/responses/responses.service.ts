import {
  answerInLanguage,
  checkResponse,
  MAX_SURVEY_LANGUAGES,
  translateSurvey,
  type SurveyTranslation,
  type PublicSurvey,
  type Question,
  type SubmittedAnswer,
} from '@quorum/contract';
import {
  languageToShow,
  toPublicSurvey,
  type WantedLanguage,
  languagesOf,
  type SurveyLanguages,
  type SurveySettings,
  openToRespondents,
  scheduleAt,
} from '../surveys';
import type { Clock } from '../../lib/clock';
import type { OutboxNudge, SurveyEvents } from '../../events/survey-events';
import type { Db } from '../../db/database';
import type { LiveEvents } from '../../events/live-events';
import type { Metrics } from '../../metrics/metrics';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ResponseProjection } from '../../lib/response-projection';
import { recordBatch } from './group-commit';
import { findSurveyForTaking, type KnownQuestions, type LockedSurvey, type NewResponse } from './responses.repository';

export interface ResponsesDeps {
  db: Db;
  clock: Clock;
  liveEvents: LiveEvents;
  /** Wakes this instance's webhook and mail workers when a batch wrote to their outboxes. */
  outbox: OutboxNudge;
  metrics: Pick<Metrics, 'observeGroupCommit'>;
  /** What the write keeps in step with the responses (the tallies, the funnel). */
  projections: readonly ResponseProjection[];
  /** Where the stored responses' events (and a close at the limit) are recorded for the outboxes. */
  events: SurveyEvents;
}

export interface ResponsesServiceOptions {
  /** How long the questions of an active survey are reused to check submissions before reading them again. */
  cacheMs?: number;
  /** The most responses written in one transaction. */
  maxBatch?: number;
  /**
   * How many group commits may be under way at once: 2 on PostgreSQL, so the next batch's BEGIN and survey lock
   * are sent while the current one writes (it waits for the lock in the database, and takes it the moment the
   * current one commits), 1 on SQLite, whose transactions run one at a time in this process anyway.
   */
  writers?: number;
}

/** The questions a submission was checked against, with a fingerprint to compare at commit time, and the settings. */
interface CheckedAgainst {
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

/** One submission as the public route takes it. */
export interface Submission {
  answers: SubmittedAnswer[];
  respondentId?: string;
  hiddenFields?: Record<string, string>;
  /** The visit the page opened (POST …/visits): the funnel counts this response as its completion. */
  visitId?: string;
  /** The survey language it was answered in; default: the survey's default language. */
  language?: string;
}

interface Pending {
  surveyId: string;
  checkedAgainst: CheckedAgainst;
  answers: SubmittedAnswer[];
  response: NewResponse;
  resolve(totalResponses: number): void;
  reject(error: Error): void;
}

export interface ResponsesService {
  /** The survey in the language wanted (see languageToShow). */
  getPublicSurvey(surveyId: string, wanted?: WantedLanguage): Promise<PublicSurvey>;
  /** Checks and durably records one response; resolves only after its transaction committed. */
  submit(surveyId: string, submission: Submission): Promise<{ responseId: string }>;
  /** Waits for every submission already accepted into the queue to be written. */
  drain(): Promise<void>;
}

const fingerprintOf = (questions: Question[]) => JSON.stringify(questions);

/** The languages of a survey as of one of its versions, with its questions translated as they are asked for. */
interface LanguagesRead {
  version: number;
  languages: SurveyLanguages;
  offered: readonly string[];
  translated: Map<string, ReadonlyMap<string, { from: Question; to: Question }>>;
}

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

/** A survey's questions in a translation, as the public page shows them in that language. */
function translateSurveyQuestions(questions: Question[], translation: SurveyTranslation): Question[] {
  return translateSurvey({ title: '', questions, welcome: null, thankYou: null }, translation).questions;
}

/** 400 LANGUAGE_NOT_OFFERED when `language` is not one of the survey's languages. */
function languageRefusal(against: CheckedAgainst, language: string | undefined): AppError | undefined {
  if (language === undefined || against.offered.includes(language)) return undefined;
  return new BadRequestError('LANGUAGE_NOT_OFFERED', { language });
}

/**
 * The answers given in `language` as answers in the survey's default language: each option becomes the default
 * language's option at its position (see answerInLanguage), everything else stays. The same answers in the default
 * language, or when the survey has no translation for it.
 */
function inDefaultLanguage(against: CheckedAgainst, language: string, answers: SubmittedAnswer[]): SubmittedAnswer[] {
  const { defaultLanguage, translations } = against.languages;
  if (language === defaultLanguage || !Object.hasOwn(translations, language)) return answers;
  let pairs = against.translated.get(language);
  if (!pairs) {
    const translated = translateSurveyQuestions(against.questions, translations[language]!);
    pairs = new Map(against.questions.map((q, index) => [q.id, { from: translated[index]!, to: q }]));
    if (against.translated.size > MAX_SURVEY_LANGUAGES) against.translated.clear();
    against.translated.set(language, pairs);
  }
  return answers.map((answer) => {
    const pair = pairs.get(answer.questionId);
    if (!pair || pair.from === pair.to) return answer;
    return { ...answer, answer: answerInLanguage(pair.from, pair.to, answer.answer) };
  });
}

/**
 * Why a survey takes no submission at `now` from its settings, checked on arrival and again in the transaction:
 * before opensAt, 403 SURVEY_NOT_OPEN_YET; from closesAt on, the 404 a closed survey gets (whether or not the
 * periodic close has set its state yet), so nothing is accepted late.
 */
function timeRefusal(settings: SurveySettings, now: string): AppError | undefined {
  const schedule = scheduleAt(settings, now);
  if (schedule === 'not-yet-open') return new ForbiddenError('SURVEY_NOT_OPEN_YET', { opensAt: settings.opensAt! });
  if (schedule === 'closed') return new NotFoundError('SURVEY_NOT_FOUND');
  return undefined;
}

/** 400 HIDDEN_FIELD_UNKNOWN for the first hidden field the survey does not declare. */
function hiddenFieldRefusal(settings: SurveySettings, values: Record<string, string> | null): AppError | undefined {
  if (!values) return undefined;
  const unknown = Object.keys(values).find((key) => !settings.hiddenFields.includes(key));
  return unknown === undefined ? undefined : new BadRequestError('HIDDEN_FIELD_UNKNOWN', { key: unknown });
}

/**
 * 400 RESPONDENT_ID_REQUIRED when the survey takes one response per browser and the submission names no browser:
 * without an id the limit could not hold, so such a response is refused, not taken unlimited.
 */
function respondentRefusal(settings: SurveySettings, respondentId: string | null | undefined): AppError | undefined {
  return settings.oneResponsePerBrowser && !respondentId ? new BadRequestError('RESPONDENT_ID_REQUIRED') : undefined;
}

/** Whether a write failed on the one-response-per-browser unique index (both dialects' wording). */
function isRespondentConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${JSON.stringify(error)}` : String(error);
  return text.includes('responses_respondent_idx') || text.includes('responses.respondent_id');
}

/**
 * Submissions are checked against a short-lived copy of the survey's questions, then queued.
 * The queue is written by group commit: everything that arrived while the previous transaction
 * ran goes into the next one. Inside that transaction each survey's state and questions are read
 * again (and its row locked on PostgreSQL); a response whose survey is no longer active is refused
 * with 404, and one checked against questions that changed since is checked again against the
 * current ones. So the cache only saves reads; it never lets a stale rule through.
 */
export function createResponsesService(deps: ResponsesDeps, options: ResponsesServiceOptions = {}): ResponsesService {
  const cacheMs = options.cacheMs ?? 1000;
  const maxBatch = options.maxBatch ?? 1000;
  const cache = new Map<string, { expires: number; value: Promise<CheckedAgainst | null> }>();
  // The questions of each survey as of a version, for the writer (recordBatch reuses them while the version holds).
  const known = new Map<string, KnownQuestions>();
  const learn = (surveyId: string, version: number, questions: Question[]) => {
    if (known.size > 10_000) known.clear();
    known.set(surveyId, { version, questions });
  };
  // The languages of each survey as of a version, read with its questions outside the writer.
  const languagesRead = new Map<string, LanguagesRead>();
  const writers = options.writers ?? (deps.db.dialect === 'postgres' ? 2 : 1);
  let queue: Pending[] = [];
  /** The group commits under way. */
  const writing = new Set<Promise<void>>();
  let scheduled = false;

  function activeQuestions(surveyId: string): Promise<CheckedAgainst | null> {
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

  function schedule() {
    if (scheduled || writing.size >= writers) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (queue.length === 0) return;
      const written: Promise<void> = writeQueued().finally(() => {
        writing.delete(written);
        if (queue.length > 0) schedule();
      });
      writing.add(written);
      // Room for one more writer: the next batch starts gathering now.
      if (queue.length > 0) schedule();
    });
  }

  async function writeQueued(): Promise<void> {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    const started = performance.now();
    await writeBatch(batch);
    deps.metrics.observeGroupCommit(batch.length, (performance.now() - started) / 1000);
  }

  /**
   * Writes a batch in one transaction. When the transaction fails, nothing of it was written: each response is
   * then tried on its own, so one that the database refuses cannot take the others of its batch down with it.
   */
  async function writeBatch(batch: Pending[]): Promise<void> {
    const bySurvey = new Map<string, Pending[]>();
    for (const pending of batch) {
      const list = bySurvey.get(pending.surveyId);
      if (list) list.push(pending);
      else bySurvey.set(pending.surveyId, [pending]);
    }
    const respondentIds = new Map(
      [...bySurvey].map(([surveyId, pendings]) => [
        surveyId,
        pendings.flatMap((p) => (p.response.respondentId ? [p.response.respondentId] : [])),
      ]),
    );
    const refused = new Map<Pending, Error>();
    const accepted = new Map<string, Pending[]>();
    const now = () => deps.clock.now().toISOString();
    try {
      const { totals, outboxWritten } = await recordBatch(
        deps.db,
        deps.projections,
        deps.events,
        respondentIds,
        (surveyId, survey) => {
          const pendings = bySurvey.get(surveyId) ?? [];
          const closedNow = survey ? timeRefusal(survey.settings, now()) : undefined;
          if (!survey || !openToRespondents(survey.state) || closedNow) {
            for (const p of pendings) refused.set(p, closedNow ?? new NotFoundError('SURVEY_NOT_FOUND'));
            remember(surveyId, survey);
            return { questions: [], items: [] };
          }
          const fingerprint = fingerprintOf(survey.questions);
          remember(surveyId, survey, fingerprint);
          const { settings } = survey;
          // What the response limit leaves: the count read under the survey's lock, so never one over.
          let room = settings.responseLimit === null ? Infinity : settings.responseLimit - survey.responseCount;
          const seen = new Set(survey.answeredRespondentIds);
          const items: NewResponse[] = [];
          const kept: Pending[] = [];
          const offered = survey.languages && languagesOf(survey.languages);
          for (const p of pendings) {
            // The settings as read under the survey's lock: one changed since the response was checked holds too.
            const problem =
              hiddenFieldRefusal(settings, p.response.hiddenFields ?? null) ??
              respondentRefusal(settings, p.response.respondentId);
            if (problem) {
              refused.set(p, problem);
              continue;
            }
            // A language removed since the response was checked is not taken any more.
            if (offered && !offered.includes(p.response.language!)) {
              refused.set(p, new BadRequestError('LANGUAGE_NOT_OFFERED', { language: p.response.language! }));
              continue;
            }
            if (p.checkedAgainst.fingerprint !== fingerprint) {
              const check = checkResponse(survey.questions, p.answers);
              if (!check.ok) {
                refused.set(p, AppError.of(400, check));
                continue;
              }
              p.response.answers = check.answers;
            }
            // One response per browser: only while the setting is on; earlier ones and this batch's alike.
            const respondentId = settings.oneResponsePerBrowser ? (p.response.respondentId ?? null) : null;
            if (respondentId !== null && seen.has(respondentId)) {
              refused.set(p, new ConflictError('ALREADY_RESPONDED'));
              continue;
            }
            if (room <= 0) {
              // The limit is reached: refused as a closed survey is.
              refused.set(p, new NotFoundError('SURVEY_NOT_FOUND'));
              continue;
            }
            if (respondentId !== null) seen.add(respondentId);
            p.response.respondentId = respondentId;
            room -= 1;
            items.push(p.response);
            kept.push(p);
          }
          accepted.set(surveyId, kept);
          const close = settings.responseLimit !== null && room <= 0;
          if (close) cache.delete(surveyId);
          return { questions: survey.questions, items, close };
        },
        now,
        (surveyId) => known.get(surveyId),
        // Read again only for responses answered in a translation: checked against the survey's languages now.
        (surveyId) =>
          (bySurvey.get(surveyId) ?? []).some(
            (p) => p.response.language !== p.checkedAgainst.languages.defaultLanguage,
          ),
      );
      if (outboxWritten) deps.outbox.nudge();
      for (const [pending, error] of refused) pending.reject(error);
      for (const [surveyId, kept] of accepted) {
        const total = totals.get(surveyId) ?? 0;
        kept.forEach((p, index) => p.resolve(total - (kept.length - 1 - index)));
      }
    } catch (error) {
      if (batch.length > 1) {
        for (const pending of batch) await writeBatch([pending]);
        return;
      }
      // Another instance stored this browser's response first: the unique index refused the second.
      const refusal = isRespondentConflict(error) ? new ConflictError('ALREADY_RESPONDED') : undefined;
      for (const pending of batch) {
        pending.reject(refusal ?? (error instanceof Error ? error : new Error(String(error))));
      }
    }
  }

  return {
    async getPublicSurvey(surveyId, wanted = {}) {
      const survey = await findSurveyForTaking(deps.db.kysely, surveyId);
      if (!survey || !openToRespondents(survey.state)) throw new NotFoundError('SURVEY_NOT_FOUND');
      // Past its closing time a survey is closed, whether or not the periodic close has got to it yet.
      if (scheduleAt(survey.settings, deps.clock.now().toISOString()) === 'closed') {
        throw new NotFoundError('SURVEY_NOT_FOUND');
      }
      return toPublicSurvey(survey, languageToShow(survey.languages, wanted));
    },

    async submit(surveyId, submission) {
      const { answers } = submission;
      let checkedAgainst = await activeQuestions(surveyId);
      if (!checkedAgainst) throw new NotFoundError('SURVEY_NOT_FOUND');
      const submittedAt = deps.clock.now().toISOString();
      const hiddenFields =
        submission.hiddenFields && Object.keys(submission.hiddenFields).length > 0 ? submission.hiddenFields : null;
      const { language } = submission;
      // Answers given in a translation are checked, counted and stored as the default language's (same positions).
      const given = (against: CheckedAgainst) =>
        language === undefined ? answers : inDefaultLanguage(against, language, answers);
      let inDefault = given(checkedAgainst);
      let check = checkResponse(checkedAgainst.questions, inDefault);
      const refusalOf = (against: CheckedAgainst) =>
        timeRefusal(against.settings, submittedAt) ??
        hiddenFieldRefusal(against.settings, hiddenFields) ??
        respondentRefusal(against.settings, submission.respondentId) ??
        languageRefusal(against, language);
      if (!check.ok || refusalOf(checkedAgainst)) {
        // Refuse only on the current survey: the kept copy may predate an edit that makes this valid.
        cache.delete(surveyId);
        checkedAgainst = await activeQuestions(surveyId);
        if (!checkedAgainst) throw new NotFoundError('SURVEY_NOT_FOUND');
        const refusal = refusalOf(checkedAgainst);
        if (refusal) throw refusal;
        inDefault = given(checkedAgainst);
        check = checkResponse(checkedAgainst.questions, inDefault);
        if (!check.ok) throw AppError.of(400, check);
      }
      const response: NewResponse = {
        id: newId(),
        submittedAt,
        answers: check.answers,
        // Only the declared names reach this point; copied into a fresh object, key by key.
        hiddenFields: hiddenFields && Object.fromEntries(Object.entries(hiddenFields)),
        // Kept only when the survey asks for one response per browser (decided again in the transaction).
        respondentId: submission.respondentId ?? null,
        // Counted in the funnel only when it is an open visit of this survey (decided in the transaction).
        visitId: submission.visitId ?? null,
        language: language ?? checkedAgainst.languages.defaultLanguage,
      };
      const totalResponses = await new Promise<number>((resolve, reject) => {
        queue.push({ surveyId, checkedAgainst: checkedAgainst!, answers: inDefault, response, resolve, reject });
        schedule();
      });
      deps.liveEvents.publish({ surveyId, responseId: response.id, totalResponses });
      return { responseId: response.id };
    },

    async drain() {
      while (writing.size > 0 || scheduled || queue.length > 0) {
        await (writing.size > 0 ? Promise.race(writing) : new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}
