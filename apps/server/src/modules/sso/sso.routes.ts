import {
  ssoCallbackQuerySchema,
  ssoExchangeBodySchema,
  ssoExchangeResponseSchema,
  type UserType,
} from '@quorum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';
import { SSO_CALLBACK_PATH, createSsoService, type SsoService } from './sso.service';

/** The cookie that binds a sign-in to the browser that started it (httpOnly, SameSite=Lax, API paths only). */
const COOKIE = 'quorum_sso';
const COOKIE_MAX_AGE_SECONDS = 10 * 60;

/** A redirect has no body. */
const redirectSchema = z.undefined();

function readCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Single sign-on: `GET /api/{user,admin}/auth/sso/start` sends the browser to the provider, the provider sends it
 * back to `GET /api/auth/sso/callback` (one redirect URI for both sides), which sends it on to the SPA with a
 * one-time code, traded at `POST /api/{user,admin}/auth/sso/exchange` for the usual `{ token, user }`. Every route
 * answers 404 while single sign-on is off.
 */
export async function ssoRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const settings = ctx.config.oidc;
  const sso: SsoService | undefined = settings ? createSsoService(ctx, settings) : undefined;
  const secure = ctx.config.publicUrl.startsWith('https://');
  const limit = (name: string) => ({
    rateLimit: {
      max: ctx.config.loginRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `sso-${name}:${request.ip}`,
    },
  });

  const enabled = (): SsoService => {
    if (!sso) throw new NotFoundError('SSO_DISABLED');
    return sso;
  };

  const setCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header(
      'set-cookie',
      `${COOKIE}=${value}; Path=/api; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );

  for (const side of ['user', 'admin'] as const satisfies readonly UserType[]) {
    app.get(
      `/${side}/auth/sso/start`,
      { schema: { response: { 302: redirectSchema } }, config: limit('start') },
      async (request, reply) => {
        const started = await enabled().start(side, readCookie(request), request.ip);
        setCookie(reply, started.browserSecret, COOKIE_MAX_AGE_SECONDS);
        return reply.header('cache-control', 'no-store').redirect(started.location, 302);
      },
    );

    app.post(
      `/${side}/auth/sso/exchange`,
      {
        schema: { body: ssoExchangeBodySchema, response: { 200: ssoExchangeResponseSchema } },
        config: limit('exchange'),
      },
      async (request, reply) => {
        const session = await enabled().exchange(side, request.body.code, readCookie(request), request.ip);
        setCookie(reply, '', 0);
        return session;
      },
    );
  }

  app.get(
    SSO_CALLBACK_PATH.replace(/^\/api/, ''),
    { schema: { querystring: ssoCallbackQuerySchema, response: { 302: redirectSchema } }, config: limit('callback') },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const location = await enabled().callback(request.query, rawQuery, readCookie(request), request.ip);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
    },
  );
}
