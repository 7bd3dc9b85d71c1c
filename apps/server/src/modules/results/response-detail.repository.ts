import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { applyTally, subtractCount } from '../responses/responses.repository';
import type { ResponseTally } from './answer-tally';
import { addToFunnel } from '../visits/visits.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/** One stored response as its detail and its deletion read it. */
export interface StoredResponseRow {
  id: string;
  submitted_at: string;
  answers: string;
  hidden_fields: string | null;
  duration_ms: number | null;
  visit_id: string | null;
  text_hash: string | null;
  language: string;
}

const COLUMNS = [
  'id',
  'submitted_at',
  'answers',
  'hidden_fields',
  'duration_ms',
  'visit_id',
  'text_hash',
  'language',
] as const;

const toStored = (row: StoredResponseRow): StoredResponseRow => ({
  ...row,
  duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
});

/** A response of a survey by its id; undefined for an unknown id or a response of another survey. */
export async function findSurveyResponse(
  db: Executor,
  surveyId: string,
  responseId: string,
): Promise<StoredResponseRow | undefined> {
  const row = await db
    .selectFrom('responses')
    .select(COLUMNS)
    .where('id', '=', responseId)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return row && toStored(row);
}

/** What a deletion takes away besides the row: computed from the row by the caller. */
export interface ResponseRemoval {
  tally: ResponseTally;
  /** The questions its answers name: its stored "Other" texts are looked up under them. */
  answered: readonly string[];
  /** The timeline's quarter hour of the response. */
  quarter: number;
  /** The visit it ended and its completion-time bucket (whole seconds), when it came with one. */
  visit?: { id: string; seconds: number };
}

/**
 * Deletes one response inside the caller's transaction (the survey's row already locked) and takes it out of every
 * counter: its "Other" texts, its answer counts and question totals, the survey's response count, the timeline, and,
 * when it ended a visit, the funnel's completions and the completion-time bucket (that visit goes with it). `removal`
 * is asked of the row read here, so it describes exactly what is deleted. Answers the survey's new response count, or
 * undefined when there was no such response (deleted a moment ago, say): then nothing changed.
 */
export async function deleteSurveyResponse(
  trx: Transaction<Database>,
  dialect: Dialect,
  surveyId: string,
  responseId: string,
  removal: (row: StoredResponseRow) => Promise<ResponseRemoval>,
): Promise<number | undefined> {
  const query = trx
    .selectFrom('responses')
    .select(COLUMNS)
    .where('id', '=', responseId)
    .where('survey_id', '=', surveyId);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await trx.deleteFrom('responses').where('id', '=', row.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  const { tally, answered, quarter, visit } = await removal(toStored(row));
  // Rows first, then counters: the order a submission writes in.
  if (visit) await trx.deleteFrom('visits').where('id', '=', visit.id).where('survey_id', '=', surveyId).execute();
  if (answered.length > 0) {
    // Through the primary key, one probe per question (never a pass over the survey's texts).
    await trx
      .deleteFrom('other_texts')
      .where('survey_id', '=', surveyId)
      .where('question_id', 'in', [...answered])
      .where('response_id', '=', row.id)
      .execute();
  }
  await applyTally(trx, surveyId, tally, -1);
  await subtractCount(trx, 'response_timeline', surveyId, quarter);
  if (visit) {
    await addToFunnel(trx, surveyId, { completions: -1 });
    await subtractCount(trx, 'completion_times', surveyId, visit.seconds);
  }
  const updated = await trx
    .updateTable('surveys')
    .set((eb) => ({ response_count: eb('response_count', '-', 1) }))
    .where('id', '=', surveyId)
    .where('response_count', '>', 0)
    .returning('response_count')
    .executeTakeFirst();
  return Number(updated?.response_count ?? 0);
}
