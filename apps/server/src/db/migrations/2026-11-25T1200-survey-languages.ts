import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text columns only; one column per ALTER TABLE.

/**
 * A survey in more than one language: the language its author writes in (`default_language`) and its translations
 * into other languages (`translations`, JSON language → translation; null for none). A response keeps the language
 * it was answered in (`language`); its answers are stored in the survey's default language whatever it was.
 *
 * Every survey and response saved before is English, the only language surveys had.
 *
 * The index on (survey_id, language) counts a survey's responses per language and finds one in a language without
 * reading a response.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('surveys')
    .addColumn('default_language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('surveys').addColumn('translations', 'text').execute();
  await db.schema
    .alterTable('responses')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.createIndex('responses_language_idx').on('responses').columns(['survey_id', 'language']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('responses_language_idx').execute();
  await db.schema.alterTable('responses').dropColumn('language').execute();
  await db.schema.alterTable('surveys').dropColumn('translations').execute();
  await db.schema.alterTable('surveys').dropColumn('default_language').execute();
}
