import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only; one column per ALTER TABLE.

/** A quarter of an hour in milliseconds: the timeline's counting step (every time zone's offset is a multiple). */
const QUARTER_MS = 15 * 60 * 1000;
const BACKFILL_PAGE = 5000;

/**
 * The results workflow.
 *
 * Responses gain `duration_ms` (opening the page to submitting; null without a visit), `visit_id`, and
 * `text_hash` (a 128-bit hash of the response's normalised non-empty text answers; null for none), indexed with
 * the survey for the duplicate flag. The index is partial (`text_hash IS NOT NULL`): responses without text
 * answers, most of them, cost it nothing. Responses stored before this version have no hash and are never
 * duplicates.
 *
 * `visits`: one row per opening of the public page, with the questions it reached and went on from (JSON lists
 * of ids), and when it ended in a response. Counters kept beside them so the funnel never scans visits:
 * `survey_funnel` (views, starts, completions), `question_dropoff` (reached, answered per question) and
 * `completion_times` (completions per whole second, for the median).
 *
 * `response_timeline`: responses per quarter hour (`quarter` = epoch ms ÷ 15 min), so counts per day in any time
 * zone come from counters. Backfilled from the responses already stored.
 *
 * `result_shares`: a survey's read-only report link. `token_hash` (SHA-256) finds it; `token_box` (the token
 * sealed with the server's secret box) lets the owner see the same link again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('responses').addColumn('duration_ms', 'bigint').execute();
  await db.schema.alterTable('responses').addColumn('visit_id', 'text').execute();
  await db.schema.alterTable('responses').addColumn('text_hash', 'text').execute();
  await db.schema
    .createIndex('responses_text_hash_idx')
    .on('responses')
    .columns(['survey_id', 'text_hash'])
    .where(sql.ref('text_hash'), 'is not', null)
    .execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reached', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('passed', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('completed_at', 'text')
    .addColumn('response_id', 'text')
    .execute();
  await db.schema.createIndex('visits_survey_idx').on('visits').columns(['survey_id', 'created_at']).execute();
  await db.schema.createIndex('visits_created_idx').on('visits').columns(['created_at']).execute();

  await db.schema
    .createTable('survey_funnel')
    .addColumn('survey_id', 'text', (c) => c.primaryKey())
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('starts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completions', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('question_dropoff')
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('reached', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('answered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('question_dropoff_pk', ['survey_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('completion_times')
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('completion_times_pk', ['survey_id', 'seconds'])
    .execute();

  await db.schema
    .createTable('response_timeline')
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('quarter', 'bigint', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('response_timeline_pk', ['survey_id', 'quarter'])
    .execute();

  await db.schema
    .createTable('result_shares')
    .addColumn('survey_id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_box', 'text', (c) => c.notNull())
    .addColumn('include_text_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await backfillTimeline(db);
}

/** Counts the responses already stored into the timeline, a page at a time in id order. */
async function backfillTimeline(db: Kysely<unknown>): Promise<void> {
  const trx = db as unknown as Kysely<{
    responses: { id: string; survey_id: string; submitted_at: string };
    response_timeline: { survey_id: string; quarter: number; count: number };
  }>;
  const counts = new Map<string, Map<number, number>>();
  let after: string | undefined;
  for (;;) {
    let query = trx.selectFrom('responses').select(['id', 'survey_id', 'submitted_at']);
    if (after !== undefined) query = query.where('id', '>', after);
    const rows = await query.orderBy('id', 'asc').limit(BACKFILL_PAGE).execute();
    for (const row of rows) {
      const time = Date.parse(row.submitted_at);
      if (Number.isNaN(time)) continue;
      const quarter = Math.floor(time / QUARTER_MS);
      let bySurvey = counts.get(row.survey_id);
      if (!bySurvey) counts.set(row.survey_id, (bySurvey = new Map()));
      bySurvey.set(quarter, (bySurvey.get(quarter) ?? 0) + 1);
    }
    if (rows.length < BACKFILL_PAGE) break;
    after = rows.at(-1)!.id;
  }
  const values = [...counts].flatMap(([surveyId, byQuarter]) =>
    [...byQuarter].map(([quarter, count]) => ({ survey_id: surveyId, quarter, count })),
  );
  for (let i = 0; i < values.length; i += 500) {
    await trx
      .insertInto('response_timeline')
      .values(values.slice(i, i + 500))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'result_shares',
    'response_timeline',
    'completion_times',
    'question_dropoff',
    'survey_funnel',
    'visits',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('responses_text_hash_idx').execute();
  for (const column of ['text_hash', 'visit_id', 'duration_ms']) {
    await db.schema.alterTable('responses').dropColumn(column).execute();
  }
}
