// Helpers for bench/submit.ts and bench/lighthouse.ts: a fresh SQLite database holding one active
// survey, and servers started as child processes (as `npm start` does) on free ports.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectIdFrom, type Question } from '@quorum/contract';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { newId } from '../../apps/server/src/lib/ids';
import { questionRow } from '../../apps/server/src/modules/surveys/question-row';
import { insertSurvey } from '../../apps/server/src/modules/surveys/surveys.repository';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

/** Creates DATA_DIR/quorum.db with one user and one active survey, through the app's own repository. */
export async function seedActiveSurvey(
  dataDir: string,
  survey: { title: string; projectName: string; questions: Question[]; brandingImageUrl?: string | null },
): Promise<{ surveyId: string; projectId: string; userId: string }> {
  const surveyId = newId();
  const userId = newId();
  const projectId = projectIdFrom(survey.projectName);
  const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'quorum.db') });
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('users')
      .values({
        id: userId,
        name: 'Bench Owner',
        email: `bench-${userId}@example.com`,
        password_hash: 'not-a-hash',
        email_verified_at: now,
        token_version: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await insertSurvey(
      db.kysely,
      {
        id: surveyId,
        user_id: userId,
        project_name: survey.projectName,
        project_id: projectId,
        title: survey.title,
        branding_image_url: survey.brandingImageUrl ?? null,
        state: 'active',
        generator: 'manual',
        response_count: 0,
        created_at: now,
        updated_at: now,
      },
      survey.questions.map((q, position) => questionRow(surveyId, position, q)),
    );
  } finally {
    await db.close();
  }
  return { surveyId, projectId, userId };
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
