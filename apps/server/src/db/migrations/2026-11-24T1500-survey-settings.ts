import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only; one column per ALTER TABLE.

/**
 * How a survey collects: when it opens and closes (`opens_at`, `closes_at`, ISO UTC text), how many responses it
 * takes (`response_limit`), whether a browser may answer once only (`one_response_per_browser`, 0/1), the hidden
 * fields it accepts from its public link (`hidden_fields`, JSON list of names) and its own first and last screens
 * (`welcome`, `thank_you`, JSON). Rows saved before read as the specification's behaviour: none of them set.
 *
 * A response keeps the hidden field values it came with (`hidden_fields`, JSON, null for none) and the browser's
 * random `respondent_id` (null for none). The unique index on (survey_id, respondent_id) refuses a second response
 * from one browser at the database itself; NULLs are distinct in a unique index on both dialects, so responses
 * without a respondent id are never refused by it.
 *
 * Indexes for the survey list's sorts within one owner (title, response count; created already has one), each
 * ending with the id that breaks ties.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('surveys').addColumn('opens_at', 'text').execute();
  await db.schema.alterTable('surveys').addColumn('closes_at', 'text').execute();
  await db.schema.alterTable('surveys').addColumn('response_limit', 'integer').execute();
  await db.schema
    .alterTable('surveys')
    .addColumn('one_response_per_browser', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('surveys')
    .addColumn('hidden_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('surveys').addColumn('welcome', 'text').execute();
  await db.schema.alterTable('surveys').addColumn('thank_you', 'text').execute();
  await db.schema.alterTable('responses').addColumn('hidden_fields', 'text').execute();
  await db.schema.alterTable('responses').addColumn('respondent_id', 'text').execute();
  await db.schema
    .createIndex('responses_respondent_idx')
    .on('responses')
    .columns(['survey_id', 'respondent_id'])
    .unique()
    .execute();
  // The periodic close looks for active surveys whose closing time has passed.
  await db.schema.createIndex('surveys_state_closes_idx').on('surveys').columns(['state', 'closes_at']).execute();
  await db.schema
    .createIndex('surveys_user_created_idx')
    .on('surveys')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('surveys_user_title_idx').on('surveys').columns(['user_id', 'title', 'id']).execute();
  await db.schema
    .createIndex('surveys_user_responses_idx')
    .on('surveys')
    .columns(['user_id', 'response_count', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'surveys_user_responses_idx',
    'surveys_user_title_idx',
    'surveys_user_created_idx',
    'surveys_state_closes_idx',
    'responses_respondent_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['respondent_id', 'hidden_fields']) {
    await db.schema.alterTable('responses').dropColumn(column).execute();
  }
  for (const column of [
    'thank_you',
    'welcome',
    'hidden_fields',
    'one_response_per_browser',
    'response_limit',
    'closes_at',
    'opens_at',
  ]) {
    await db.schema.alterTable('surveys').dropColumn(column).execute();
  }
}
