// Helpers for the benchmarks: a fresh database (SQLite, or a PostgreSQL database created for the run) holding one
// active survey, and the server started as a child process on it (as `npm start` does).
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Question } from '@quorum/contract';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { spawnSync } from 'node:child_process';
import { repoRoot, spawnBuiltServer, type RunningServer } from '@quorum/test-support/processes';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createTokenService } from '../../apps/server/src/modules/auth/tokens';

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

/** The database a benchmark server runs on: DATA_DIR/quorum.db, or a PostgreSQL database (DATABASE_URL). */
export type BenchDatabase = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The settings `openDatabase` takes for a benchmark database. */
export function databaseConfig(database: BenchDatabase) {
  return database.kind === 'sqlite'
    ? ({ kind: 'sqlite', file: path.join(database.dataDir, 'quorum.db') } as const)
    : ({ kind: 'postgres', url: database.url } as const);
}

/**
 * What the database holds for a survey after a run: its `response_count`, its `responses` rows, and how many
 * answered its first question (`question_totals`, for question id `firstQuestionId`). Each must equal the 201s.
 */
export async function storedCounts(
  database: BenchDatabase,
  surveyId: string,
  firstQuestionId: string,
): Promise<{ responseCount: number; rows: number; firstAnswered: number }> {
  const check = openDatabase(databaseConfig(database));
  try {
    const survey = await check.kysely
      .selectFrom('surveys')
      .select('response_count')
      .where('id', '=', surveyId)
      .executeTakeFirstOrThrow();
    const { rows } = await check.kysely
      .selectFrom('responses')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .where('survey_id', '=', surveyId)
      .executeTakeFirstOrThrow();
    const first = await check.kysely
      .selectFrom('question_totals')
      .select('answered')
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', firstQuestionId)
      .executeTakeFirst();
    return {
      responseCount: Number(survey.response_count),
      rows: Number(rows),
      firstAnswered: Number(first?.answered ?? 0),
    };
  } finally {
    await check.close();
  }
}

/**
 * Creates a fresh, empty PostgreSQL database on the server `serverUrl` points at (through its database) and returns
 * its URL and a function that drops it.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quorum_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Creates one user and one active survey, through the shared factories, in DATA_DIR/quorum.db (`dataDir`, a
 * string) or in the given database (migrated first); `token` is the owner's session token for a server started
 * with BENCH_JWT_SECRET.
 */
export async function seedActiveSurvey(
  target: string | BenchDatabase,
  survey: { title: string; projectName: string; questions: Question[]; brandingImageUrl?: string | null },
): Promise<{ surveyId: string; projectId: string; userId: string; token: string }> {
  const database: BenchDatabase = typeof target === 'string' ? { kind: 'sqlite', dataDir: target } : target;
  const db = openDatabase(databaseConfig(database));
  try {
    await migrateToLatest(db);
    const ctx = { db, clock: systemClock, tokens: createTokenService(BENCH_JWT_SECRET, 24) };
    const owner = await createUser(ctx, { name: 'Bench Owner' });
    const created = await createSurvey(ctx, owner.id, { ...survey, state: 'active' });
    return { surveyId: created.id, projectId: created.projectId, userId: owner.id, token: owner.token };
  } finally {
    await db.close();
  }
}

/**
 * The Quorum server on SQLite in `dataDir` (on PostgreSQL when `env` sets DATABASE_URL), signing with
 * BENCH_JWT_SECRET; API and optionally the built SPA. It runs as `npm start` runs it: the compiled server with the
 * same Node flags, built from the current sources on the first call of a benchmark run.
 */
export function startQuorum(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): RunningServer {
  buildServer();
  return spawnBuiltServer(port, { DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET, ...env }, { nodeArgs });
}

let built = false;

/** Compiles the server (dist/server) from the current sources, once per benchmark run. */
function buildServer(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server build failed');
  built = true;
}
