import { forgotPasswordBodySchema, messageResponseSchema, resetPasswordBodySchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';
import { createPasswordResetService } from './password-reset.service';

/** `/api/user/auth/forgot-password` and `/api/user/auth/reset-password`: a forgotten password, by mail. */
export async function passwordResetRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const resets = createPasswordResetService(ctx);
  const limit = (name: string) => ({
    rateLimit: {
      max: ctx.config.passwordResetRateLimit,
      timeWindow: '15 minutes',
      keyGenerator: (request: { ip: string }) => `${name}:${request.ip}`,
    },
  });

  app.post(
    '/user/auth/forgot-password',
    {
      schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
      config: limit('forgot-password'),
    },
    async (request) => {
      await ctx.botCheck.verify(request.body.recaptchaToken, 'password_reset', request.ip);
      return resets.requestReset(request.body.email);
    },
  );

  app.post(
    '/user/auth/reset-password',
    {
      schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
      config: limit('reset-password'),
    },
    async (request) => resets.resetPassword(request.body.token, request.body.password, request.ip),
  );
}
