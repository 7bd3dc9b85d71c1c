import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.

/**
 * A survey made in a team workspace stays with the team when its creator deletes their account (`createdBy` then
 * reads null): `surveys.user_id` keeps the id of the account that made it, but no longer references `users`, whose
 * deletion used to take every survey of the account with it. Account deletion removes the surveys that go itself.
 *
 * PostgreSQL drops the constraint. SQLite cannot drop a constraint in place, so the table is rebuilt under its name
 * from its own definition minus the reference (SQLite's documented procedure: references to the table are off
 * meanwhile, so dropping the old one takes nothing with it, and are checked again before it commits).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    const { rows } = await sql<{ conname: string }>`
      select c.conname from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.conrelid = 'surveys'::regclass and c.contype = 'f' and a.attname = 'user_id'`.execute(db);
    for (const { conname } of rows) await sql`alter table surveys drop constraint ${sql.id(conname)}`.execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'surveys'`.execute(db);
  const table = rows.find((row) => row.type === 'table');
  if (!table?.sql) throw new Error('the surveys table is missing');
  const definition = table.sql.replace(
    /("?user_id"?\s+text\s+not null)\s+references\s+"?users"?\s*\(\s*"?id"?\s*\)(\s+on delete cascade)?/i,
    '$1',
  );
  if (definition === table.sql) throw new Error(`no reference to users found in: ${table.sql}`);
  const indexes = rows.filter((row) => row.type === 'index' && row.sql !== null).map((row) => row.sql!);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(definition.replace(/^create table\s+"?surveys"?/i, 'create table "surveys_next"')).execute(db);
      await sql`insert into surveys_next select * from surveys`.execute(db);
      await sql`drop table surveys`.execute(db);
      await sql`alter table surveys_next rename to surveys`.execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(broken.slice(0, 3))}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Nothing to undo: surveys whose creator is gone would not fit the reference again, and nothing needs it back. */
export async function down(): Promise<void> {}
