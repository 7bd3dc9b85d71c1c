import { checkResponse, type PublicSurvey, type Question, type SubmittedAnswer } from '@quorum/contract';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/database';
import type { LiveEvents } from '../../events/live-events';
import type { Metrics } from '../../metrics/metrics';
import { AppError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { openToRespondents } from '../surveys/survey-policy';
import { findSurveyForTaking, recordBatch, type LockedSurvey, type NewResponse } from './responses.repository';

export interface ResponsesDeps {
  db: Db;
  clock: Clock;
  liveEvents: LiveEvents;
  metrics: Pick<Metrics, 'observeGroupCommit'>;
}

export interface ResponsesServiceOptions {
  /** How long the questions of an active survey are reused to check submissions before reading them again. */
  cacheMs?: number;
  /** The most responses written in one transaction. */
  maxBatch?: number;
}

/** The questions a submission was checked against, with a fingerprint to compare at commit time. */
interface CheckedAgainst {
  questions: Question[];
  fingerprint: string;
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
  getPublicSurvey(surveyId: string): Promise<PublicSurvey>;
  /** Checks and durably records one response; resolves only after its transaction committed. */
  submit(surveyId: string, answers: SubmittedAnswer[]): Promise<{ responseId: string }>;
  /** Waits for every submission already accepted into the queue to be written. */
  drain(): Promise<void>;
}

const fingerprintOf = (questions: Question[]) => JSON.stringify(questions);

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
  let queue: Pending[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;

  function activeQuestions(surveyId: string): Promise<CheckedAgainst | null> {
    const now = Date.now();
    const hit = cache.get(surveyId);
    if (hit && hit.expires > now) return hit.value;
    // Only active surveys are kept: a survey launched or resumed a moment ago must be taken at once.
    const value = findSurveyForTaking(deps.db.kysely, surveyId).then(
      (survey) => {
        if (survey && openToRespondents(survey.state)) {
          return { questions: survey.questions, fingerprint: fingerprintOf(survey.questions) };
        }
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
    if (!survey || !openToRespondents(survey.state)) {
      cache.delete(surveyId);
      return;
    }
    const value = { questions: survey.questions, fingerprint: fingerprint ?? fingerprintOf(survey.questions) };
    cache.set(surveyId, { expires: Date.now() + cacheMs, value: Promise.resolve(value) });
  }

  function schedule() {
    if (scheduled || writing) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      writing = writeQueued().finally(() => {
        writing = null;
        if (queue.length > 0) schedule();
      });
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
    const refused = new Map<Pending, Error>();
    const accepted = new Map<string, Pending[]>();
    try {
      const totals = await recordBatch(deps.db, [...bySurvey.keys()], (surveyId, survey) => {
        const pendings = bySurvey.get(surveyId) ?? [];
        if (!survey || !openToRespondents(survey.state)) {
          for (const p of pendings) refused.set(p, new NotFoundError('SURVEY_NOT_FOUND'));
          remember(surveyId, survey);
          return { questions: [], items: [] };
        }
        const fingerprint = fingerprintOf(survey.questions);
        remember(surveyId, survey, fingerprint);
        const items: NewResponse[] = [];
        const kept: Pending[] = [];
        for (const p of pendings) {
          if (p.checkedAgainst.fingerprint !== fingerprint) {
            const check = checkResponse(survey.questions, p.answers);
            if (!check.ok) {
              refused.set(p, AppError.of(400, check));
              continue;
            }
            p.response.answers = check.answers;
          }
          items.push(p.response);
          kept.push(p);
        }
        accepted.set(surveyId, kept);
        return { questions: survey.questions, items };
      });
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
      for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  return {
    async getPublicSurvey(surveyId) {
      const survey = await findSurveyForTaking(deps.db.kysely, surveyId);
      if (!survey || !openToRespondents(survey.state)) throw new NotFoundError('SURVEY_NOT_FOUND');
      return {
        surveyId: survey.id,
        projectId: survey.projectId,
        title: survey.title,
        brandingImageUrl: survey.brandingImageUrl,
        questions: survey.questions,
      };
    },

    async submit(surveyId, answers) {
      let checkedAgainst = await activeQuestions(surveyId);
      if (!checkedAgainst) throw new NotFoundError('SURVEY_NOT_FOUND');
      let check = checkResponse(checkedAgainst.questions, answers);
      if (!check.ok) {
        // Refuse only on the current questions: the kept copy may predate an edit that makes this valid.
        cache.delete(surveyId);
        checkedAgainst = await activeQuestions(surveyId);
        if (!checkedAgainst) throw new NotFoundError('SURVEY_NOT_FOUND');
        check = checkResponse(checkedAgainst.questions, answers);
        if (!check.ok) throw AppError.of(400, check);
      }
      const response: NewResponse = {
        id: newId(),
        submittedAt: deps.clock.now().toISOString(),
        answers: check.answers,
      };
      const totalResponses = await new Promise<number>((resolve, reject) => {
        queue.push({ surveyId, checkedAgainst, answers, response, resolve, reject });
        schedule();
      });
      deps.liveEvents.publish({ surveyId, responseId: response.id, totalResponses });
      return { responseId: response.id };
    },

    async drain() {
      while (writing || scheduled || queue.length > 0) {
        await (writing ?? new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}
