import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

/**
 * The audit log: one row per security-relevant event, appended and never changed. The id is a UUIDv7, so it
 * orders entries by time and pages them; old rows are pruned by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_role', 'text')
    .addColumn('address', 'text')
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_occurred_idx').on('audit_log').column('occurred_at').execute();
  await db.schema.createIndex('audit_log_type_idx').on('audit_log').columns(['type', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
