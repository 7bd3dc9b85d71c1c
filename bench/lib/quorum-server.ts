// Helpers for the benchmarks: a fresh SQLite database holding one active survey, and servers started
// as child processes (as `npm start` does).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Question } from '@quorum/contract';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createTokenService } from '../../apps/server/src/modules/auth/tokens';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

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

export interface Child {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a process; `node` runs a TypeScript file through tsx with optional extra Node flags. */
export function startProcess(
  command: { node: string[]; nodeArgs?: string[] } | { exec: string; args: string[] },
  env: Record<string, string> = {},
): Child {
  const [file, args] =
    'node' in command
      ? [process.execPath, [...(command.nodeArgs ?? []), '--import', 'tsx', ...command.node]]
      : [command.exec, command.args];
  const child = spawn(file, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  return {
    child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Waits until `url` answers 2xx; fails early when the process exits. */
export async function waitForOk(url: string, proc: Child, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`the process exited with ${proc.child.exitCode}:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The Quorum server (apps/server/src/server.ts) on SQLite in `dataDir`, API and optionally the built SPA. */
export function startQuorum(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Child {
  return startProcess(
    { node: [path.join(repoRoot, 'apps/server/src/server.ts')], nodeArgs },
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: BENCH_JWT_SECRET,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
      WEB_DIST: '-',
      ...env,
    },
  );
}
