import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
  verifyTokenResponseSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';
import { toAuthUser } from '../auth';
import { requirePrincipal } from '../../lib/principal';
import { createAdminsService } from './admins.service';

/** `/api/admin/auth/*`: administrators only; user tokens get 401 everywhere here. */
export async function adminsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const admins = createAdminsService(ctx);
  const adminOnly = ctx.guard('admin');

  app.post(
    '/admin/auth/login',
    {
      schema: { body: loginBodySchema, response: { 200: loginResponseSchema } },
      config: {
        // A burst from one client gets 429 (LOGIN_RATE_LIMIT per minute, every email together);
        // the per-email lockout stops the guessing of one password.
        rateLimit: {
          max: ctx.config.loginRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `admin-login:${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError('LOGIN_RATE_LIMITED', context.ttl / 1000),
        },
      },
    },
    async (request) => {
      await ctx.botCheck.verify(request.body.recaptchaToken, 'admin_login', request.ip);
      return admins.login(request.body, request.ip);
    },
  );

  app.get(
    '/admin/auth/verify-admin-token',
    { onRequest: adminOnly, schema: { response: { 200: verifyTokenResponseSchema } } },
    async (request) => ({ user: toAuthUser(requirePrincipal(request), 'admin') }),
  );

  app.put(
    '/admin/auth/update-profile',
    {
      onRequest: adminOnly,
      schema: { body: updateProfileBodySchema, response: { 200: updateProfileResponseSchema } },
    },
    async (request) => {
      await ctx.botCheck.verify(request.body.recaptchaToken, 'profile_update', request.ip);
      return admins.updateProfile(requirePrincipal(request), request.body.name);
    },
  );

  app.put(
    '/admin/auth/change-password',
    {
      onRequest: adminOnly,
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordResponseSchema } },
      config: {
        rateLimit: {
          max: ctx.config.loginRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request) => `admin-password:${request.ip}`,
        },
      },
    },
    async (request) => admins.changePassword(requirePrincipal(request), request.body, request.ip),
  );
}
