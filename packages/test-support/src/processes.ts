import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The server's entry point, the file `npm start` runs. */
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export interface RunningProcess {
  child: ChildProcess;
  /** What it printed on stdout and stderr (the last million characters), for checks and failure messages. */
  output(): string;
  /** Ends it with SIGTERM (SIGKILL after `killAfterMs`, 15 s by default) and resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a process from the repository's root with `env` over this process's environment. `node` runs a
 * TypeScript file through tsx, with optional extra Node flags.
 */
export function startProcess(
  command: { node: string[]; nodeArgs?: string[] } | { exec: string; args: string[] },
  env: Record<string, string> = {},
  options: { killAfterMs?: number } = {},
): RunningProcess {
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
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-1_000_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 15_000).unref();
      }),
  };
}

/** Waits until `url` answers 2xx; fails early, with what it printed, when the process exits. */
export async function waitForOk(url: string, proc: RunningProcess, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (proc.child.exitCode !== null) {
      throw new Error(`the process exited with ${proc.child.exitCode}:\n${proc.output()}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What the server gets unless `env` says otherwise: no database server, Redis, mail, administrator, bot check
 * or AI provider from the developer's environment, and no web build.
 */
const STANDALONE: Record<string, string> = {
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
  RECAPTCHA_SITE_KEY: '',
  RECAPTCHA_SECRET_KEY: '',
  AI_BASE_URL: '',
  AI_MODEL: '',
  WEB_DIST: '-',
  LOG_LEVEL: 'warn',
};

export interface RunningServer extends RunningProcess {
  /** `http://127.0.0.1:<port>`. */
  baseURL: string;
}

/**
 * Starts the server as `npm start` does, on loopback at `port`, with `env` over the standalone defaults, without
 * waiting for it (see `startServer`).
 */
export function spawnServer(
  port: number,
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; killAfterMs?: number } = {},
): RunningServer {
  const proc = startProcess(
    { node: [serverEntry], nodeArgs: options.nodeArgs },
    { ...STANDALONE, ...env, PORT: String(port), HOST: '127.0.0.1' },
    options,
  );
  return { ...proc, baseURL: `http://127.0.0.1:${port}` };
}

/** The Node flags `npm start` (scripts/start.mjs) and the container run the compiled server with. */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];

/**
 * Starts the compiled server (dist/server/server.js, built beforehand: `node scripts/build.mjs server`) exactly as
 * `npm start` runs it, with `env` over the standalone defaults and optional extra Node flags, without waiting.
 */
export function spawnBuiltServer(
  port: number,
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; killAfterMs?: number } = {},
): RunningServer {
  const proc = startProcess(
    {
      exec: process.execPath,
      args: [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), path.join(repoRoot, 'dist/server/server.js')],
    },
    { ...STANDALONE, ...env, PORT: String(port), HOST: '127.0.0.1' },
    options,
  );
  return { ...proc, baseURL: `http://127.0.0.1:${port}` };
}

/** `spawnServer`, then waits for its health check (60 s at most; then it is killed). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; killAfterMs?: number } = {},
): Promise<RunningServer> {
  const server = spawnServer(port, env, options);
  try {
    await waitForOk(`${server.baseURL}/api/health`, server);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return server;
}
