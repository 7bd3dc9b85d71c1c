import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLiteModule from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type PgModule from 'pg';
import type { Config } from '../config';
import { migrationNames, migrationProvider } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (SQLite has one, open for the life of the process). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

// Each database's driver is loaded when a database of that kind is opened (both are CommonJS, so synchronously):
// an instance on SQLite never loads pg, one on PostgreSQL never loads better-sqlite3, and starts faster for it.
const require = createRequire(import.meta.url);

function loadPg(): typeof PgModule {
  const pg = require('pg') as typeof PgModule;
  // PostgreSQL bigint (int8) comes back as text by default; our counts fit in a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
}

export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A client lost its connection (server restart, failover, terminated backend). Idle, the pool reports it here
    // and drops it; checked out, the pool does not listen, so every client gets a listener of its own: the query or
    // transaction using it fails, the pool discards it on release, and a new one connects on demand. Unlistened,
    // either 'error' event would crash the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      close: () => kysely.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const SQLite = require('better-sqlite3') as typeof SQLiteModule;
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: with WAL, every commit is synced to disk, so an accepted response survives a power loss
  // (NORMAL only survives a crash of the process). Responses are written by group commit, so the
  // cost is one sync per batch (docs/performance.md).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** The database holds migrations this code does not know: it was written by a newer version of Quorum. */
export class DatabaseTooNewError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `The database was migrated by a newer version of Quorum: it lists migration${unknown.length > 1 ? 's' : ''} ` +
        `${unknown.join(', ')}, which this version does not know. Run the newer version, or restore a backup made ` +
        `before the upgrade.`,
    );
    this.name = 'DatabaseTooNewError';
  }
}

/** The migrations recorded as applied in the database, in order (none on a new database). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db.kysely);
  return rows.map((r) => r.name);
}

/** Throws DatabaseTooNewError when the database lists a migration this code does not know. */
export async function assertNotNewer(db: Db): Promise<void> {
  const known = new Set(migrationNames);
  const unknown = (await appliedMigrations(db)).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new DatabaseTooNewError(unknown);
}

/**
 * Brings the schema up to date and returns the names of the migrations it applied. Refuses (DatabaseTooNewError)
 * a database migrated by a newer version. Throws when a migration fails.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  await assertNotNewer(db);
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
