import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only.

/**
 * Failed logins are counted per account *and* client address, next to one count per account over all
 * addresses (address '*'). The primary key gains the address, which neither database lets a table change in
 * place, so the table is rebuilt under its name; the running counts move to the all-addresses rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts_next')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addPrimaryKeyConstraint('login_attempts_address_pk', ['scope', 'email', 'address'])
    .execute();
  await sql`insert into login_attempts_next (scope, email, address, failures, window_started_at, locked_until)
            select scope, email, '*', failures, window_started_at, locked_until from login_attempts`.execute(db);
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.alterTable('login_attempts_next').renameTo('login_attempts').execute();
  // The sweep finds finished counts by the start of their window.
  await db.schema.createIndex('login_attempts_window_idx').on('login_attempts').column('window_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts_prev')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addPrimaryKeyConstraint('login_attempts_pk', ['scope', 'email'])
    .execute();
  await sql`insert into login_attempts_prev (scope, email, failures, window_started_at, locked_until)
            select scope, email, failures, window_started_at, locked_until from login_attempts
            where address = '*'`.execute(db);
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.alterTable('login_attempts_prev').renameTo('login_attempts').execute();
}
