import type { SubmittedAnswer } from '@quorum/contract';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Metrics } from '../../metrics/metrics';
import { openToRespondents } from '../surveys';
import { decideSurvey, type Pending } from './batch-decision';
import { recordBatch } from './group-commit';
import { timeRefusal } from './submission-refusals';
import { fingerprintOf, type CheckedAgainst, type SurveyCopies } from './survey-copies';
import type { NewResponse } from './responses.repository';

/** What the group commit writes with: the database, the projections and events it keeps in step, the outbox nudge. */
export type SubmissionQueueDeps = Pick<AppContext, 'db' | 'clock' | 'outbox' | 'projections' | 'events'> & {
  metrics: Pick<Metrics, 'observeGroupCommit'>;
};

/** The checked submissions waiting to be written, and the group commits that write them. */
export interface SubmissionQueue {
  /**
   * Queues a checked response; resolves with its survey's response count once its transaction committed, rejects
   * with why the survey, as read in that transaction, refused it.
   */
  enqueue(
    surveyId: string,
    checkedAgainst: CheckedAgainst,
    answers: SubmittedAnswer[],
    response: NewResponse,
  ): Promise<number>;
  /** Waits for every submission already accepted into the queue to be written. */
  drain(): Promise<void>;
}

/** Whether a write failed on the one-response-per-browser unique index (both dialects' wording). */
function isRespondentConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${JSON.stringify(error)}` : String(error);
  return text.includes('responses_respondent_idx') || text.includes('responses.respondent_id');
}

/**
 * Writes a batch in one transaction. When the transaction fails, nothing of it was written: each response is
 * then tried on its own, so one that the database refuses cannot take the others of its batch down with it.
 */
async function writeBatch(deps: SubmissionQueueDeps, copies: SurveyCopies, batch: Pending[]): Promise<void> {
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
          copies.remember(surveyId, survey);
          return { questions: [], items: [] };
        }
        const fingerprint = fingerprintOf(survey.questions);
        copies.remember(surveyId, survey, fingerprint);
        const decision = decideSurvey(survey, fingerprint, pendings, refused);
        accepted.set(surveyId, decision.kept);
        if (decision.close) copies.forget(surveyId);
        return decision;
      },
      now,
      copies.known,
      // Read again only for responses answered in a translation: checked against the survey's languages now.
      (surveyId) =>
        (bySurvey.get(surveyId) ?? []).some((p) => p.response.language !== p.checkedAgainst.languages.defaultLanguage),
    );
    if (outboxWritten) deps.outbox.nudge();
    for (const [pending, error] of refused) pending.reject(error);
    for (const [surveyId, kept] of accepted) {
      const total = totals.get(surveyId) ?? 0;
      kept.forEach((p, index) => p.resolve(total - (kept.length - 1 - index)));
    }
  } catch (error) {
    if (batch.length > 1) {
      for (const pending of batch) await writeBatch(deps, copies, [pending]);
      return;
    }
    // Another instance stored this browser's response first: the unique index refused the second.
    const refusal = isRespondentConflict(error) ? new ConflictError('ALREADY_RESPONDED') : undefined;
    for (const pending of batch) {
      pending.reject(refusal ?? (error instanceof Error ? error : new Error(String(error))));
    }
  }
}

/**
 * Group commit: everything queued while the previous transaction ran goes into the next one (at most `maxBatch`
 * responses), with up to `writers` transactions under way at once. The copies are kept in step with what each
 * transaction read.
 */
export function createSubmissionQueue(
  deps: SubmissionQueueDeps,
  copies: SurveyCopies,
  { maxBatch, writers }: { maxBatch: number; writers: number },
): SubmissionQueue {
  let queue: Pending[] = [];
  /** The group commits under way. */
  const writing = new Set<Promise<void>>();
  let scheduled = false;

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
    await writeBatch(deps, copies, batch);
    deps.metrics.observeGroupCommit(batch.length, (performance.now() - started) / 1000);
  }

  return {
    enqueue(surveyId, checkedAgainst, answers, response) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ surveyId, checkedAgainst, answers, response, resolve, reject });
        schedule();
      });
    },
    async drain() {
      while (writing.size > 0 || scheduled || queue.length > 0) {
        await (writing.size > 0 ? Promise.race(writing) : new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}
