import type { PublicSurvey } from '@quorum/contract';
import type { WantedLanguage } from '../surveys';
import type { Clock } from '../../lib/clock';
import type { OutboxNudge, SurveyEvents } from '../../events/survey-events';
import type { Db } from '../../db/database';
import type { LiveEvents } from '../../events/live-events';
import type { Metrics } from '../../metrics/metrics';
import type { ResponseProjection } from '../../lib/response-projection';
import { readPublicSurvey } from './public-survey-read';
import { createSubmissionQueue } from './submission-queue';
import { createSubmit, type Submission } from './submit';
import { createSurveyCopies } from './survey-copies';

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

export interface ResponsesService {
  /** The survey in the language wanted (see languageToShow). */
  getPublicSurvey(surveyId: string, wanted?: WantedLanguage): Promise<PublicSurvey>;
  /** Checks and durably records one response; resolves only after its transaction committed. */
  submit(surveyId: string, submission: Submission): Promise<{ responseId: string }>;
  /** Waits for every submission already accepted into the queue to be written. */
  drain(): Promise<void>;
}

/**
 * Submissions are checked against a short-lived copy of the survey's questions (survey-copies.ts, submit.ts), then
 * queued. The queue is written by group commit (submission-queue.ts): everything that arrived while the previous
 * transaction ran goes into the next one. Inside that transaction each survey's state and questions are read
 * again (and its row locked on PostgreSQL); a response whose survey is no longer active is refused with 404, and
 * one checked against questions that changed since is checked again against the current ones (batch-decision.ts).
 * So the cache only saves reads; it never lets a stale rule through.
 */
export function createResponsesService(deps: ResponsesDeps, options: ResponsesServiceOptions = {}): ResponsesService {
  const copies = createSurveyCopies(deps, options.cacheMs ?? 1000);
  const queue = createSubmissionQueue(deps, copies, {
    maxBatch: options.maxBatch ?? 1000,
    writers: options.writers ?? (deps.db.dialect === 'postgres' ? 2 : 1),
  });
  return {
    getPublicSurvey: (surveyId, wanted) => readPublicSurvey(deps, surveyId, wanted),
    submit: createSubmit(deps, copies, queue),
    drain: queue.drain,
  };
}
