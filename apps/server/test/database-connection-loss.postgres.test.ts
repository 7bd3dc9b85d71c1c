import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT, useTestApp } from './helpers';

/** The PostgreSQL server ends the backends of the test database, as a restart or a failover does. */
async function terminateBackends(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe(`losing the database connection (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('a connection lost while checked out fails its work, not the process, and the next query connects anew', async () => {
    const { database } = t.config;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    await sql`select 1`.execute(t.ctx.db.kysely);
    const outcome = await t.ctx.db.kysely.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      // No query in flight: the connection's end reaches the client as an 'error' event, which would crash the
      // process without a listener (the pool listens to idle clients only).
      expect(await terminateBackends(database.url)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return sql`select 1`.execute(connection).then(
        () => 'answered',
        () => 'failed',
      );
    });
    expect(outcome).toBe('failed');
    const again = await sql<{ one: number }>`select 1 as one`.execute(t.ctx.db.kysely);
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});
