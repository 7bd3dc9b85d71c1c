// Helpers for the benchmarks: a fresh SQLite database holding one active survey, and the server started
// as a child process on it (as `npm start` does).
import path from 'node:path';
import type { Question } from '@quorum/contract';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { spawnServer, type RunningServer } from '@quorum/test-support/processes';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createTokenService } from '../../apps/server/src/modules/auth/tokens';

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

/**
 * Creates DATA_DIR/quorum.db with one user and one active survey, through the shared factories; `token` is
 * the owner's session token for a server started with BENCH_JWT_SECRET.
 */
export async function seedActiveSurvey(
  dataDir: string,
  survey: { title: string; projectName: string; questions: Question[]; brandingImageUrl?: string | null },
): Promise<{ surveyId: string; projectId: string; userId: string; token: string }> {
  const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'quorum.db') });
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

/** The Quorum server on SQLite in `dataDir`, signing with BENCH_JWT_SECRET; API and optionally the built SPA. */
export function startQuorum(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): RunningServer {
  return spawnServer(port, { DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET, ...env }, { nodeArgs });
}
