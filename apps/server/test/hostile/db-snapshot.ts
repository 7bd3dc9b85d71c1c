import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Every row of every application table (migration bookkeeping left out), so a test can tell that a
 * request changed nothing. Tables are found by introspection, so tables a later migration adds are
 * covered without a change here. Rows are compared as JSON text, sorted, so the order the database
 * returns them in does not matter.
 */
export interface DbSnapshot {
  /** Table name → its rows as sorted JSON lines. */
  tables: Map<string, string[]>;
  /** One hash over everything, for quick comparison. */
  digest: string;
}

export interface Snapshotter {
  tables: string[];
  take(): Promise<DbSnapshot>;
  /** Deletes every row of every table (children before parents, whatever the foreign keys are). */
  clear(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database, any tables
type AnyDb = Kysely<any>;

export async function createSnapshotter(db: AnyDb): Promise<Snapshotter> {
  const metadata = await db.introspection.getTables();
  const tables = metadata
    .map((table) => (table.schema && table.schema !== 'public' ? `${table.schema}.${table.name}` : table.name))
    .sort();
  const ref = (table: string) => sql.table(table);

  async function rowsOf(table: string): Promise<string[]> {
    const { rows } = await sql<Record<string, unknown>>`select * from ${ref(table)}`.execute(db);
    return rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }

  return {
    tables,
    async take() {
      const all = await Promise.all(tables.map(async (table) => [table, await rowsOf(table)] as const));
      const hash = createHash('sha256');
      for (const [table, rows] of all) hash.update(`${table}\u0000${rows.join('\n')}\u0001`);
      return { tables: new Map(all), digest: hash.digest('hex') };
    },
    async clear() {
      let remaining = [...tables];
      for (let pass = 0; remaining.length > 0; pass++) {
        const failed: string[] = [];
        for (const table of remaining) {
          try {
            await sql`delete from ${ref(table)}`.execute(db);
          } catch (error) {
            if (pass > tables.length) throw error;
            failed.push(table);
          }
        }
        remaining = failed;
      }
    },
  };
}

/** What changed between two snapshots, table by table; empty when nothing did. */
export function describeChanges(before: DbSnapshot, after: DbSnapshot, ignore: readonly string[] = []): string[] {
  if (before.digest === after.digest) return [];
  const changes: string[] = [];
  for (const [table, rows] of after.tables) {
    if (ignore.includes(table)) continue;
    const old = before.tables.get(table) ?? [];
    const oldSet = new Set(old);
    const newSet = new Set(rows);
    const added = rows.filter((row) => !oldSet.has(row));
    const removed = old.filter((row) => !newSet.has(row));
    if (added.length === 0 && removed.length === 0) continue;
    const sample = (list: string[]) =>
      list.slice(0, 2).map((row) => (row.length > 300 ? `${row.slice(0, 300)}…` : row));
    changes.push(
      `${table}: ${added.length} row(s) added or changed ${JSON.stringify(sample(added))}, ${removed.length} removed or changed ${JSON.stringify(sample(removed))}`,
    );
  }
  return changes;
}
