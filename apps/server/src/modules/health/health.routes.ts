import { sql } from 'kysely';
import { errorBodySchema, healthResponseSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { ServiceUnavailableError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';

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
}
