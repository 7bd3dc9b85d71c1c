import { noContentResponseSchema, type UserType } from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import type { ZodApp } from '../../lib/zod-app';
import { createSessionsService } from './sessions.service';

/**
 * Signing out, for both kinds of account: `POST /api/{user,admin}/auth/logout` revokes the calling token,
 * `POST /api/{user,admin}/auth/logout-all` ends every session of the account. Both answer 204.
 */
export async function sessionsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const sessions = createSessionsService(ctx);
  const limit = (name: string) => ({
    rateLimit: {
      max: ctx.config.loginRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string }) => `${name}:${request.ip}`,
    },
  });
  const noContent = { 204: noContentResponseSchema };

  for (const role of ['user', 'admin'] as const satisfies readonly UserType[]) {
    app.post(
      `/${role}/auth/logout`,
      { onRequest: ctx.guard(role), schema: { response: noContent }, config: limit(`${role}-logout`) },
      async (request, reply) => {
        await sessions.signOut(requirePrincipal(request), request.ip);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `/${role}/auth/logout-all`,
      { onRequest: ctx.guard(role), schema: { response: noContent }, config: limit(`${role}-logout-all`) },
      async (request, reply) => {
        await sessions.signOutEverywhere(requirePrincipal(request), request.ip);
        return reply.status(204).send(null);
      },
    );
  }
}
