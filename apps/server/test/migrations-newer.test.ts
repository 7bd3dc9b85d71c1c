import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DatabaseTooNewError, migrateToLatest, openDatabase } from '../src/db/database';
import { migrationNames } from '../src/db/migrations';
import { createTestDatabase, TEST_DIALECT, testConfig, type TestDatabase } from './helpers';
import { runEntry } from './support/data-checks';

const FUTURE = '2099-01-01T0000-from-a-newer-version';

describe(`migrations (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  const cliEnv = (): Record<string, string> =>
    database.database.kind === 'sqlite'
      ? { DATA_DIR: path.dirname(database.database.file), DATABASE_URL: '' }
      : { DATABASE_URL: database.database.url };

  it('`npm run migrate` applies the pending migrations, names them, and finds nothing to do the second time', async () => {
    const first = await runEntry('cli/migrate', [], cliEnv());
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Applied ${migrationNames.length} migrations`);
    for (const name of migrationNames) expect(first.stdout).toContain(name);
    const second = await runEntry('cli/migrate', [], cliEnv());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/is up to date; no migration applied/);
  });

  it('refuses a database migrated by a newer version: the server, migrateToLatest and `npm run migrate`', async () => {
    const db = openDatabase(database.database);
    try {
      await db.kysely
        .insertInto('kysely_migration' as never)
        .values({ name: FUTURE, timestamp: new Date().toISOString() } as never)
        .execute();
      await expect(migrateToLatest(db)).rejects.toThrow(DatabaseTooNewError);
    } finally {
      await db.close();
    }
    await expect(buildApp(testConfig({ database: database.database }))).rejects.toThrow(
      `The database was migrated by a newer version of Quorum: it lists migration ${FUTURE}, which this version does not know.`,
    );
    const cli = await runEntry('cli/migrate', [], cliEnv());
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(
      `migrate failed: The database was migrated by a newer version of Quorum: it lists migration ${FUTURE}`,
    );
  });

  it('a SQLite file from elsewhere gets the same refusal from the server process', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quorum-newer-'));
    try {
      const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'quorum.db') });
      await migrateToLatest(db);
      await db.kysely
        .insertInto('kysely_migration' as never)
        .values({ name: FUTURE, timestamp: new Date().toISOString() } as never)
        .execute();
      await db.close();
      const server = await runEntry('server', [], {
        DATA_DIR: dir,
        DATABASE_URL: '',
        JWT_SECRET: 'x'.repeat(40),
        PORT: '0',
      });
      expect(server.code).toBe(1);
      expect(server.stderr.trim()).toBe(
        `The database was migrated by a newer version of Quorum: it lists migration ${FUTURE}, which this version does ` +
          'not know. Run the newer version, or restore a backup made before the upgrade.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
