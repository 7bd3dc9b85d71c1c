import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { watchErrorBodies } from './support/error-bodies';

/** Which database the server suites run on: SQLite always, PostgreSQL when TEST_DB=postgres. */
export const TEST_DIALECT: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  database: Config['database'];
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new SQLite file, or a new PostgreSQL database (of the suite's
 * dialect unless `dialect` says which).
 */
export async function createTestDatabase(dialect: 'sqlite' | 'postgres' = TEST_DIALECT): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('a PostgreSQL test database needs TEST_DATABASE_URL');
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
  /**
   * Throws when an error answer sent since the last call broke the contract (see errorBodyProblem): a body that
   * is not the error body, or a message that is not the catalog's English for its code and params.
   */
  checkErrorBodies(): void;
  /** Closes the app, then checks the error answers sent since the last check. */
  close(): Promise<void>;
}

/** Builds the app on a fresh database; every error answer it sends is checked against the contract's catalog. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions & { database?: Config['database'] } = {},
): Promise<TestApp> {
  const testDb = options.database ? undefined : await createTestDatabase();
  const config = testConfig({ ...overrides, database: options.database ?? testDb!.database });
  const app = await buildApp(config, options);
  const errorBodies = watchErrorBodies(app);
  const checkErrorBodies = () => {
    const problems = errorBodies.take();
    if (problems.length > 0) throw new Error(`error answers that break the contract:\n${problems.join('\n')}`);
  };
  return {
    app,
    config,
    ctx: app.ctx,
    checkErrorBodies,
    async close() {
      await app.close();
      await testDb?.drop();
      checkErrorBodies();
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
  // The test that saw an error answer breaking the contract fails.
  afterEach(() => holder.checkErrorBodies?.());
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

/**
 * Two app instances on one fresh database for the whole test file, as behind a load balancer, closed afterwards:
 * `const { a, b } = useTwoInstances({ redisUrl })`, then `a.app` and `b.app` inside tests.
 */
export function useTwoInstances(overrides: Partial<Config> = {}): { a: TestApp; b: TestApp } {
  const holder = {} as { a: TestApp; b: TestApp; database: TestDatabase };
  beforeAll(async () => {
    holder.database = await createTestDatabase();
    holder.a = await createTestApp(overrides, { database: holder.database.database });
    holder.b = await createTestApp(overrides, { database: holder.database.database });
  });
  afterAll(async () => {
    await holder.a?.close();
    await holder.b?.close();
    await holder.database?.drop();
  });
  const instance = (name: 'a' | 'b') =>
    new Proxy({} as TestApp, {
      get(_target, key: keyof TestApp) {
        if (!holder[name]) throw new Error(`instance ${name} not ready: ${String(key)} read before beforeAll ran`);
        return holder[name][key];
      },
    });
  return { a: instance('a'), b: instance('b') };
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

/** A clock the tests move by hand, for the app's `clock` option. */
export function manualClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    advanceMinutes(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}
