import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { migrationNames } from './migrations';

/** A backup or restore the operator asked for that would lose or corrupt data; the message says why. */
export class BackupRefusedError extends Error {}

/** Pages per backup step: all of them, in one step. */
const ALL_PAGES = 0x7fffffff;

/** The files SQLite keeps next to a database in WAL mode (and the rollback journal). */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * A consistent copy of a live SQLite database, with SQLite's online backup API (not a file copy, which can catch
 * the database file between a commit in the WAL and its checkpoint). Every page is copied in one backup step,
 * which is one read transaction: the copy holds exactly the database at one commit (a response and its counters
 * together, never one without the other), and in WAL mode the server's writes go on meanwhile, never forcing the
 * copy to start over. Written to `<target>.partial` and renamed at the end, so `target` is never half a file.
 * Refuses an existing `target` unless `force`.
 */
export async function backupSqlite(source: string, target: string, options: { force?: boolean } = {}) {
  if (!existsSync(source)) throw new BackupRefusedError(`There is no database at ${source}.`);
  if (existsSync(target) && !options.force) {
    throw new BackupRefusedError(`${target} already exists; choose another file, or add --force to overwrite it.`);
  }
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size };
}

/**
 * Why `file` is not a Quorum SQLite database this version can run, or null when it is: it must open as SQLite,
 * pass `integrity_check`, and list only migrations this version knows.
 */
export function sqliteBackupProblem(file: string): string | null {
  if (!existsSync(file)) return `there is no file ${file}`;
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `it does not open as a SQLite database (${(error as Error).message})`;
  }
  try {
    const integrity = db.prepare<[], { integrity_check: string }>('pragma integrity_check').all();
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok') {
      return `its integrity check fails: ${integrity.map((r) => r.integrity_check).join('; ')}`;
    }
    const table = db
      .prepare<[string], { name: string }>("select name from sqlite_master where type = 'table' and name = ?")
      .get(DEFAULT_MIGRATION_TABLE);
    if (!table) return `it holds no Quorum migrations table (${DEFAULT_MIGRATION_TABLE})`;
    const applied = db
      .prepare<[], { name: string }>(`select name from ${DEFAULT_MIGRATION_TABLE}`)
      .all()
      .map((r) => r.name);
    if (applied.length === 0) return 'its migrations table is empty';
    const known = new Set(migrationNames);
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      return `it was made by a newer version of Quorum (migration ${unknown.join(', ')} is unknown here)`;
    }
    return null;
  } catch (error) {
    return `it cannot be read as a SQLite database (${(error as Error).message})`;
  } finally {
    db.close();
  }
}

/**
 * Restores a backup file as the database at `target` (DATA_DIR/quorum.db), only when there is no database there
 * yet (nor its WAL or journal files): a restore never overwrites data. Checks the file first. Copies to
 * `<target>.partial` and renames, so a failed restore leaves no database behind.
 */
export function restoreSqlite(backupFile: string, target: string) {
  const present = [target, ...SIDE_FILES.map((suffix) => target + suffix)].filter((f) => existsSync(f));
  if (present.length > 0) {
    throw new BackupRefusedError(
      `The data folder ${path.dirname(target)} already holds a database (${present.map((f) => path.basename(f)).join(', ')}). ` +
        'Restore only into a folder without one: stop the server, move the folder away, then restore.',
    );
  }
  const problem = sqliteBackupProblem(backupFile);
  if (problem) throw new BackupRefusedError(`${backupFile} is not a Quorum database backup: ${problem}.`);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  copyFileSync(backupFile, partial);
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size };
}

/**
 * The command that backs up a PostgreSQL database: `pg_dump` in its custom format (restored with pg_restore),
 * with the connection address minus its password (pg_dump takes that from PGPASSWORD or ~/.pgpass).
 */
export function pgDumpCommand(databaseUrl: string, file: string): string {
  return `pg_dump --format=custom --no-owner --file=${shellQuote(file)} ${shellQuote(withoutPassword(databaseUrl))}`;
}

/** The command that restores such a dump into an empty PostgreSQL database. */
export function pgRestoreCommand(databaseUrl: string, file: string): string {
  return `pg_restore --no-owner --exit-on-error --dbname=${shellQuote(withoutPassword(databaseUrl))} ${shellQuote(file)}`;
}

/** The address without its password; whether one was there. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
