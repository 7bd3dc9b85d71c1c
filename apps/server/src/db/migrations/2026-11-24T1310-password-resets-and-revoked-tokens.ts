import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

/**
 * Password reset links (only the token's SHA-256 is kept), found by hash and counted per account for the
 * per-account mail limit; and the ids of session tokens revoked by signing out, each kept until its token
 * would have expired anyway, so the hourly sweep finds old ones by that time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user_idx')
    .on('password_resets')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('password_resets_created_idx').on('password_resets').column('created_at').execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires_idx').on('revoked_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.dropTable('password_resets').execute();
}
