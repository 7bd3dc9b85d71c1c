import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only; one column per ALTER TABLE.

/**
 * The question model grows: whether a question must be answered (`required`, 1 unless its author made it
 * optional), its help text (`description`), what its type keeps beyond options and rating scale (`settings`,
 * JSON: "Other", random order, number and date ranges, matrix rows) and its skip logic (`logic`, JSON rules).
 * Rows saved before read as they always did: required, no help text, no settings, no logic.
 *
 * `question_totals.seen` counts the responses that had the question on their path, answered or skipped. Before
 * this change every question was required and every response walked every question, so each response that
 * answered a question is exactly each response that saw it: `seen = answered` is the true count for the past.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('questions').addColumn('description', 'text').execute();
  await db.schema.alterTable('questions').addColumn('settings', 'text').execute();
  await db.schema.alterTable('questions').addColumn('logic', 'text').execute();
  await db.schema
    .alterTable('question_totals')
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update question_totals set seen = answered`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('question_totals').dropColumn('seen').execute();
  for (const column of ['logic', 'settings', 'description', 'required']) {
    await db.schema.alterTable('questions').dropColumn(column).execute();
  }
}
