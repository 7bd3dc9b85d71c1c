import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

/**
 * Two-factor sign-in, for users and administrators alike (an account is its role and its id). The secrets are
 * stored encrypted; the last accepted time step makes each code single-use. Recovery codes are kept as hashes,
 * each usable once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('last_used_step', 'integer')
    .addColumn('enabled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('two_factor_pk', ['role', 'account_id'])
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['role', 'account_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
