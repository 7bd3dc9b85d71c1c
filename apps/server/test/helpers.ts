import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';

/** Which database the server suites run on: SQLite always, PostgreSQL when TEST_DB=postgres. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  database: Config['database'];
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a new SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DIALECT === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `quorum_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      database: { kind: 'postgres', url: url.toString() },
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'quorum-test-'));
  return {
    database: { kind: 'sqlite', file: path.join(dir, 'quorum.db') },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A configuration for tests: quiet logs, a fixed secret, no SMTP, and any overrides. */
export function testConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  const base = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-123', ...env });
  return { ...base, webDist: undefined, ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The same context the routes got, for factories and direct repository checks. */
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the app on a fresh database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions & { database?: Config['database'] } = {},
): Promise<TestApp> {
  const testDb = options.database ? undefined : await createTestDatabase();
  const config = testConfig({ ...overrides, database: options.database ?? testDb!.database });
  const app = await buildApp(config, options);
  return {
    app,
    config,
    ctx: app.ctx,
    async close() {
      await app.close();
      await testDb?.drop();
    },
  };
}

/**
 * One app on a fresh database for the whole test file, closed afterwards.
 * Use inside a describe block or at the top of a file: `const t = useTestApp();` then `t.app`.
 */
export function useTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(overrides, options));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return new Proxy(holder, {
    get(target, key: keyof TestApp) {
      if (!(key in target)) throw new Error(`test app not ready: ${String(key)} read before beforeAll ran`);
      return target[key];
    },
  });
}

/** Shorthand for an authenticated JSON request through inject. */
export function request(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
}
