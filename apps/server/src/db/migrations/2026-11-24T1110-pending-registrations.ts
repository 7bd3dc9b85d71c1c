import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

/**
 * Registering again with an unverified account's email is a new registration of that account: each
 * verification link carries the name and password hash of the registration that made it, applied when that
 * link is opened. Unverified accounts left alone for a week are swept, found by their last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_verifications').addColumn('pending_name', 'text').execute();
  await db.schema.alterTable('email_verifications').addColumn('pending_password_hash', 'text').execute();
  await db.schema
    .createIndex('users_unverified_idx')
    .on('users')
    .columns(['email_verified_at', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_unverified_idx').execute();
  await db.schema.alterTable('email_verifications').dropColumn('pending_password_hash').execute();
  await db.schema.alterTable('email_verifications').dropColumn('pending_name').execute();
}
