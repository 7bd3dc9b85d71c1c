import type { Insertable, Kysely, QueryCreator, Transaction } from 'kysely';
import type {
  AnswerCountsTable,
  CompletionTimesTable,
  Database,
  OtherTextsTable,
  QuestionTotalsTable,
  ResponseTimelineTable,
} from '../../db/schema';
import { medianOfCounts } from './completion-times';

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows per statement: far below the bound-parameter limits of both dialects. */
export const CHUNK = 500;

export interface AnswerCountRow {
  question_id: string;
  answer: string;
  count: number;
}

export interface QuestionTotalRow {
  question_id: string;
  answered: number;
  rating_sum: number;
  /** How many responses had the question on their path, answered or skipped. */
  seen: number;
}

/** What a set of responses adds to the counters, as rows sorted by key (rows are locked in that order). */
export interface ResponseTally {
  counts: AnswerCountRow[];
  totals: QuestionTotalRow[];
}

/** The running per-answer counts (one row per question and distinct answer; never a scan of responses). */
export async function listAnswerCounts(db: Kysely<Database>, surveyId: string): Promise<AnswerCountRow[]> {
  const rows = await db
    .selectFrom('answer_counts')
    .select(['question_id', 'answer', 'count'])
    .where('survey_id', '=', surveyId)
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The running per-question totals: how many answered, how many saw it, and the sum of ratings. */
export async function listQuestionTotals(db: Kysely<Database>, surveyId: string): Promise<QuestionTotalRow[]> {
  const rows = await db
    .selectFrom('question_totals')
    .select(['question_id', 'answered', 'rating_sum', 'seen'])
    .where('survey_id', '=', surveyId)
    .execute();
  return rows.map((r) => ({
    ...r,
    answered: Number(r.answered),
    rating_sum: Number(r.rating_sum),
    seen: Number(r.seen),
  }));
}

/** How many responses answered each question of a survey (questions nobody answered are absent). */
export async function answeredByQuestion(db: Executor, surveyId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('question_totals')
    .select(['question_id', 'answered'])
    .where('survey_id', '=', surveyId)
    .where('answered', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.question_id, Number(r.answered)]));
}

/**
 * The newest `limit` stored "Other" texts of each of these questions, newest first: one query per question through
 * the primary key of `other_texts` (survey_id, question_id, response_id), read backwards; question id → texts.
 */
export async function listNewestOtherTexts(
  db: Kysely<Database>,
  surveyId: string,
  questionIds: readonly string[],
  limit: number,
): Promise<Map<string, string[]>> {
  const texts = new Map<string, string[]>();
  for (const questionId of questionIds) {
    const rows = await db
      .selectFrom('other_texts')
      .select('text')
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', questionId)
      .orderBy('response_id', 'desc')
      .limit(limit)
      .execute();
    texts.set(
      questionId,
      rows.map((row) => row.text),
    );
  }
  return texts;
}

/** The timeline's counters: responses per quarter hour, as [quarter, count] pairs. */
export async function listTimelineQuarters(db: Kysely<Database>, surveyId: string): Promise<[number, number][]> {
  const rows = await db
    .selectFrom('response_timeline')
    .select(['quarter', 'count'])
    .where('survey_id', '=', surveyId)
    .execute();
  return rows.map((r) => [Number(r.quarter), Number(r.count)]);
}

/**
 * A survey's completion times from its counters (never a scan of responses): the median in seconds (null before
 * any completion) and how many completions have a time.
 */
export async function readCompletionTimes(
  db: Kysely<Database>,
  surveyId: string,
): Promise<{ medianSeconds: number | null; count: number }> {
  const rows = await db
    .selectFrom('completion_times')
    .select(['seconds', 'count'])
    .where('survey_id', '=', surveyId)
    .execute();
  const counted = rows.map((r) => ({ seconds: Number(r.seconds), count: Number(r.count) }));
  return { medianSeconds: medianOfCounts(counted), count: counted.reduce((sum, r) => sum + r.count, 0) };
}

/**
 * The counters' upserts: each adds its rows' counts to those stored (so concurrent writers never lose an
 * increment). Used as statements of their own (in chunks) and as `with` clauses of the one-statement write.
 */
export const upsertAnswerCounts = (db: QueryCreator<Database>, rows: Insertable<AnswerCountsTable>[]) =>
  db
    .insertInto('answer_counts')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['survey_id', 'question_id', 'answer'])
        .doUpdateSet((eb) => ({ count: eb('answer_counts.count', '+', eb.ref('excluded.count')) })),
    );

export const upsertQuestionTotals = (db: QueryCreator<Database>, rows: Insertable<QuestionTotalsTable>[]) =>
  db
    .insertInto('question_totals')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['survey_id', 'question_id']).doUpdateSet((eb) => ({
        answered: eb('question_totals.answered', '+', eb.ref('excluded.answered')),
        rating_sum: eb('question_totals.rating_sum', '+', eb.ref('excluded.rating_sum')),
        seen: eb('question_totals.seen', '+', eb.ref('excluded.seen')),
      })),
    );

export const upsertTimeline = (db: QueryCreator<Database>, rows: Insertable<ResponseTimelineTable>[]) =>
  db
    .insertInto('response_timeline')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['survey_id', 'quarter'])
        .doUpdateSet((eb) => ({ count: eb('response_timeline.count', '+', eb.ref('excluded.count')) })),
    );

export const upsertCompletionTimes = (db: QueryCreator<Database>, rows: Insertable<CompletionTimesTable>[]) =>
  db
    .insertInto('completion_times')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['survey_id', 'seconds'])
        .doUpdateSet((eb) => ({ count: eb('completion_times.count', '+', eb.ref('excluded.count')) })),
    );

/** Runs an upsert over rows in chunks of CHUNK (far below both dialects' bound-parameter limits). */
async function inChunks<Row>(
  trx: Executor,
  rows: Row[],
  upsert: (db: QueryCreator<Database>, chunk: Row[]) => { execute(): Promise<unknown> },
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await upsert(trx, rows.slice(i, i + CHUNK)).execute();
}

/** Adds a tally of responses to the answer counts and question totals. */
export async function addTally(trx: Executor, surveyId: string, tally: ResponseTally): Promise<void> {
  await inChunks(trx, countRowsOf(surveyId, tally), upsertAnswerCounts);
  await inChunks(trx, totalRowsOf(surveyId, tally), upsertQuestionTotals);
}

export const countRowsOf = (surveyId: string, tally: ResponseTally) =>
  tally.counts.map((row) => ({ survey_id: surveyId, ...row }));

export const totalRowsOf = (surveyId: string, tally: ResponseTally) =>
  tally.totals.map((row) => ({ survey_id: surveyId, ...row }));

/**
 * Takes a tally away, row by row in key order (a deletion's tally is one response: a few rows). Counts never go
 * below zero, and an answer's count that reaches zero is removed, as if it had never been given.
 */
export async function subtractTally(trx: Executor, surveyId: string, tally: ResponseTally): Promise<void> {
  for (const row of tally.counts) {
    await trx
      .updateTable('answer_counts')
      .set((eb) => ({ count: eb('count', '-', row.count) }))
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', row.question_id)
      .where('answer', '=', row.answer)
      .execute();
    await trx
      .deleteFrom('answer_counts')
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', row.question_id)
      .where('answer', '=', row.answer)
      .where('count', '<=', 0)
      .execute();
  }
  for (const row of tally.totals) {
    await trx
      .updateTable('question_totals')
      .set((eb) => ({
        answered: eb
          .case()
          .when('answered', '>', row.answered)
          .then(eb('answered', '-', row.answered))
          .else(0)
          .end(),
        rating_sum: eb('rating_sum', '-', row.rating_sum),
        seen: eb
          .case()
          .when('seen', '>', row.seen)
          .then(eb('seen', '-', row.seen))
          .else(0)
          .end(),
      }))
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', row.question_id)
      .execute();
  }
}

/** The respondents' own "Other" texts of new responses (new keys: nothing to add to). */
export async function insertOtherTexts(trx: Executor, rows: readonly OtherTextsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('other_texts')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** A deleted response's "Other" texts, through the primary key: one probe per question it answered. */
export async function deleteOtherTextsOf(
  trx: Executor,
  surveyId: string,
  responseId: string,
  answered: readonly string[],
): Promise<void> {
  if (answered.length === 0) return;
  await trx
    .deleteFrom('other_texts')
    .where('survey_id', '=', surveyId)
    .where('question_id', 'in', [...answered])
    .where('response_id', '=', responseId)
    .execute();
}

/** Counter rows keyed by survey and one number (the timeline's quarters, the completion times' seconds). */
export type KeyedCounts = ReadonlyMap<number, number>;

/** Responses per quarter hour, added to (key order, so concurrent writers lock rows in the same order). */
export async function addToTimeline(trx: Executor, surveyId: string, counts: KeyedCounts): Promise<void> {
  await inChunks(trx, timelineRows(surveyId, counts), upsertTimeline);
}

export const timelineRows = (surveyId: string, counts: KeyedCounts) =>
  [...counts].sort(([a], [b]) => a - b).map(([quarter, count]) => ({ survey_id: surveyId, quarter, count }));

export const completionRows = (surveyId: string, counts: KeyedCounts) =>
  [...counts].sort(([a], [b]) => a - b).map(([seconds, count]) => ({ survey_id: surveyId, seconds, count }));

/** Completions per whole second, added to (key order, so concurrent writers lock rows in the same order). */
export async function addToCompletionTimes(trx: Executor, surveyId: string, counts: KeyedCounts): Promise<void> {
  await inChunks(trx, completionRows(surveyId, counts), upsertCompletionTimes);
}

/** Takes one away from a counter of the timeline or of the completion times (a deleted response). */
export async function subtractCount(
  trx: Executor,
  table: 'response_timeline' | 'completion_times',
  surveyId: string,
  key: number,
): Promise<void> {
  if (table === 'response_timeline') {
    await trx
      .updateTable('response_timeline')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('survey_id', '=', surveyId)
      .where('quarter', '=', key)
      .where('count', '>', 0)
      .execute();
  } else {
    await trx
      .updateTable('completion_times')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('survey_id', '=', surveyId)
      .where('seconds', '=', key)
      .where('count', '>', 0)
      .execute();
  }
}

/** Drops the counters and the stored "Other" texts of questions that no longer exist. */
export async function deleteQuestionCounters(
  trx: Executor,
  surveyId: string,
  questionIds: readonly string[],
): Promise<void> {
  if (questionIds.length === 0) return;
  for (const table of ['other_texts', 'answer_counts', 'question_totals'] as const) {
    await trx
      .deleteFrom(table)
      .where('survey_id', '=', surveyId)
      .where('question_id', 'in', [...questionIds])
      .execute();
  }
}

/** Deleting workspaces' surveys for good: every counter and "Other" text of every survey in them. */
export async function deleteCountersInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  for (const table of [
    'other_texts',
    'response_timeline',
    'completion_times',
    'answer_counts',
    'question_totals',
  ] as const) {
    await trx
      .deleteFrom(table)
      .where('survey_id', 'in', (eb) => eb.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds))
      .execute();
  }
}
