import { sql } from 'kysely';
import { errorBodySchema, healthResponseSchema, readyResponseSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { ServiceUnavailableError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';

/** How long the readiness check waits for the database and for Redis before counting them as down. */
const READY_CHECK_TIMEOUT_MS = 2_000;

/** Resolves to true when `check` succeeds within the timeout, false when it fails or takes longer. */
async function answersWithin(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([check().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  app.get('/health', { schema: { response: { 200: healthResponseSchema, 503: errorBodySchema } } }, async () => {
    try {
      await sql`select 1`.execute(ctx.db.kysely);
    } catch (error) {
      ctx.log.error({ err: error }, 'health check: the database does not answer');
      throw new ServiceUnavailableError('DATABASE_UNAVAILABLE');
    }
    return { status: 'ok' as const };
  });

  // Liveness: the process answers. Nothing else is checked, so a database outage never gets instances restarted.
  app.get('/health/live', { schema: { response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness: this instance should get traffic. Fails at once when shutting down, else when the database (or
  // Redis, when configured) does not answer a trivial request in time.
  app.get(
    '/health/ready',
    { schema: { response: { 200: readyResponseSchema, 503: errorBodySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (ctx.lifecycle.isDraining()) throw new ServiceUnavailableError('NOT_READY', { failing: 'shutting down' });
      const { redis } = ctx;
      const [database, redisUp] = await Promise.all([
        answersWithin(() => sql`select 1`.execute(ctx.db.kysely), READY_CHECK_TIMEOUT_MS),
        redis ? answersWithin(() => redis.ping(), READY_CHECK_TIMEOUT_MS) : Promise.resolve(true),
      ]);
      const failing = [...(database ? [] : ['database']), ...(redisUp ? [] : ['redis'])];
      if (ctx.lifecycle.isDraining()) failing.unshift('shutting down');
      if (failing.length > 0) {
        ctx.log.warn({ failing }, 'readiness check failed');
        throw new ServiceUnavailableError('NOT_READY', { failing: failing.join(', ') });
      }
      return { status: 'ok' as const, checks: { database: 'ok' as const, ...(redis ? { redis: 'ok' as const } : {}) } };
    },
  );
}
