import {
  loginTwoFactorBodySchema,
  messageResponseSchema,
  sessionResponseSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
  type UserType,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import { requirePrincipal } from '../../lib/principal';
import type { ZodApp } from '../../lib/zod-app';
import { createTwoFactorService } from './two-factor.service';

/**
 * Two-factor sign-in under `/api/user/auth/` and `/api/admin/auth/`, the same for both roles: its status, setup,
 * turning it on and off (signed in, that role only), and the second step of a login (anonymous, with the
 * ticket the first step answered). Every route that writes or checks a code is rate-limited per client.
 */
export async function twoFactorRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const twoFactor = createTwoFactorService(ctx);
  const limit = (role: UserType, name: string) => ({
    rateLimit: {
      max: ctx.config.loginRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string }) => `2fa-${name}:${role}:${request.ip}`,
      ...(name === 'login'
        ? {
            errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
              new TooManyRequestsError('LOGIN_RATE_LIMITED', context.ttl / 1000),
          }
        : {}),
    },
  });

  for (const role of ['user', 'admin'] as const) {
    const base = `/${role}/auth`;
    const guard = ctx.guard(role);

    app.get(
      `${base}/2fa`,
      { onRequest: guard, schema: { response: { 200: twoFactorStatusResponseSchema } } },
      async (request) => twoFactor.status(requirePrincipal(request)),
    );

    app.post(
      `${base}/2fa/setup`,
      { onRequest: guard, schema: { response: { 200: twoFactorSetupResponseSchema } }, config: limit(role, 'setup') },
      async (request) => twoFactor.setup(requirePrincipal(request)),
    );

    app.post(
      `${base}/2fa/enable`,
      {
        onRequest: guard,
        schema: { body: twoFactorEnableBodySchema, response: { 200: twoFactorEnableResponseSchema } },
        config: limit(role, 'enable'),
      },
      async (request) => twoFactor.enable(requirePrincipal(request), request.body.code, request.ip),
    );

    app.post(
      `${base}/2fa/disable`,
      {
        onRequest: guard,
        schema: { body: twoFactorDisableBodySchema, response: { 200: messageResponseSchema } },
        config: limit(role, 'disable'),
      },
      async (request) => twoFactor.disable(requirePrincipal(request), request.body, request.ip),
    );

    app.post(
      `${base}/login/2fa`,
      {
        schema: { body: loginTwoFactorBodySchema, response: { 200: sessionResponseSchema } },
        config: limit(role, 'login'),
      },
      async (request) => twoFactor.completeLogin(role, request.body, request.ip),
    );
  }
}
