import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '@quorum/test-support/ports';
import { TEST_DIALECT, createTestApp, createTestDatabase, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const expectNotReady = (res: Parameters<typeof expectError>[0], failing: string) =>
  expectError(res, 503, 'NOT_READY', {
    message: `This instance is not ready to take requests: ${failing}`,
    params: { failing },
  });

describe(`health checks (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('liveness answers 200 while the process answers', async () => {
    const res = await request(t.app, 'GET', '/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readiness answers 200 with the database checked (Redis is not configured)', async () => {
    const res = await request(t.app, 'GET', '/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps /api/health as it was', async () => {
    const res = await request(t.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe(`readiness when something is down (${TEST_DIALECT})`, () => {
  it('answers 503 naming the database when the database does not answer, and 200 again once it does', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({}, { database: database.database });
    try {
      expect((await request(t.app, 'GET', '/api/health/ready')).statusCode).toBe(200);
      if (database.database.kind === 'postgres') {
        // The server refuses new connections to this database and ends the open ones.
        const name = new URL(database.database.url).pathname.slice(1);
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        try {
          await admin.query(`alter database ${name} allow_connections false`);
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
          const res = await request(t.app, 'GET', '/api/health/ready');
          expectNotReady(res, 'database');
          // Liveness does not depend on the database.
          expect((await request(t.app, 'GET', '/api/health/live')).statusCode).toBe(200);
          await admin.query(`alter database ${name} allow_connections true`);
          // As a probe does, asked again until it answers: the pool's first new connection may take a moment.
          await expect
            .poll(async () => (await request(t.app, 'GET', '/api/health/ready')).statusCode, { timeout: 10_000 })
            .toBe(200);
        } finally {
          await admin.query(`alter database ${name} allow_connections true`);
          await admin.end();
        }
      } else {
        // The SQLite handle is closed under the app.
        await t.ctx.db.close();
        const res = await request(t.app, 'GET', '/api/health/ready');
        expectNotReady(res, 'database');
        expect((await request(t.app, 'GET', '/api/health/live')).statusCode).toBe(200);
      }
    } finally {
      await t.close();
      await database.drop();
    }
  });

  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer', async () => {
    const closedPort = await freePort();
    const t = await createTestApp({ redisUrl: `redis://127.0.0.1:${closedPort}` });
    try {
      const started = Date.now();
      const res = await request(t.app, 'GET', '/api/health/ready');
      expectNotReady(res, 'redis');
      // Each check has a short timeout: a probe is never held for long.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      t.ctx.redis?.disconnect();
      await t.close();
    }
  });

  it('answers 503 at once when the instance starts shutting down, and when the app closes', async () => {
    const t = await createTestApp();
    try {
      expect((await request(t.app, 'GET', '/api/health/ready')).statusCode).toBe(200);
      t.ctx.lifecycle.startDraining();
      const res = await request(t.app, 'GET', '/api/health/ready');
      expectNotReady(res, 'shutting down');
      // Liveness still answers: a draining instance is finishing its requests, not stuck.
      expect((await request(t.app, 'GET', '/api/health/live')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    const other = await createTestApp();
    expect(other.ctx.lifecycle.isDraining()).toBe(false);
    await other.close();
    expect(other.ctx.lifecycle.isDraining()).toBe(true);
  });
});
