import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only; one column per ALTER TABLE.

/**
 * Workspaces (Teams).
 *
 * `workspaces`: team workspaces. A personal workspace has no row: its id is its owner's user id, so every
 * existing survey moves to its owner's personal workspace by `workspace_id = user_id`, and nothing changes for a
 * person working alone.
 *
 * `workspace_members`: who is in a team workspace, with one role ('owner' | 'editor' | 'viewer').
 *
 * `workspace_invitations`: invitations by email; only the token's SHA-256 is kept (`token_hash`, unique).
 *
 * Surveys gain `workspace_id`, `version` (1, then +1 per save), `updated_by` (who saved last) and `launched_by`
 * (who made it active: the active limit counts per person who launches). Existing surveys were launched by their
 * owners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('workspace_members_user_idx').on('workspace_members').column('user_id').execute();

  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('workspace_invitations_workspace_idx')
    .on('workspace_invitations')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('surveys')
    .addColumn('workspace_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('surveys')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('surveys').addColumn('updated_by', 'text').execute();
  await db.schema.alterTable('surveys').addColumn('launched_by', 'text').execute();
  await sql`UPDATE surveys SET workspace_id = user_id, launched_by = user_id`.execute(db);
  await db.schema
    .createIndex('surveys_workspace_idx')
    .on('surveys')
    .columns(['workspace_id', 'state', 'created_at'])
    .execute();
  await db.schema.createIndex('surveys_launched_by_idx').on('surveys').columns(['launched_by', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('surveys_launched_by_idx').execute();
  await db.schema.dropIndex('surveys_workspace_idx').execute();
  await db.schema.alterTable('surveys').dropColumn('launched_by').execute();
  await db.schema.alterTable('surveys').dropColumn('updated_by').execute();
  await db.schema.alterTable('surveys').dropColumn('version').execute();
  await db.schema.alterTable('surveys').dropColumn('workspace_id').execute();
  await db.schema.dropTable('workspace_invitations').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}
