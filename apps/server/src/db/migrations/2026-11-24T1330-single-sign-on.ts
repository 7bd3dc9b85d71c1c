import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

/**
 * Single sign-on. `sso_identities` remembers which account a provider's subject signs in to (per side: a user
 * account or an administrator). `sso_states` holds a sign-in in progress between the redirect to the provider and
 * its answer, keyed by the state's SHA-256; `sso_codes` holds the one-time codes the browser trades for a session,
 * keyed by their SHA-256. Both are short-lived and used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject', 'side'])
    .execute();
  await db.schema.createIndex('sso_identities_account_idx').on('sso_identities').column('account_id').execute();

  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_states_expires_idx').on('sso_states').column('expires_at').execute();

  await db.schema
    .createTable('sso_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_codes_expires_idx').on('sso_codes').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_codes').execute();
  await db.schema.dropTable('sso_states').execute();
  await db.schema.dropTable('sso_identities').execute();
}
