import {
  RECAPTCHA_HEADER,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  resendVerificationBodySchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
  verifyEmailParamsSchema,
  verifyEmailResponseSchema,
  verifyTokenResponseSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';
import { requirePrincipal } from '../../lib/principal';
import { createUsersService } from './users.service';

/** The user account endpoints under /api/user/auth: register, verify, log in, profile and password. */
export async function usersRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const users = createUsersService(ctx);
  const registerLimit = { rateLimit: { max: ctx.config.registerRateLimit, timeWindow: '10 minutes' } };
  const loginLimit = { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/user/auth/register',
    { schema: { body: registerBodySchema, response: { 201: messageResponseSchema } }, config: registerLimit },
    async (request, reply) => {
      await ctx.botCheck.verify(request.body.recaptchaToken, 'register', request.ip);
      const { name, email, password } = request.body;
      return reply.status(201).send(await users.register({ name, email, password }));
    },
  );

  app.post(
    '/user/auth/resend-verification',
    { schema: { body: resendVerificationBodySchema, response: { 200: messageResponseSchema } }, config: registerLimit },
    async (request) => users.resendVerification(request.body.email),
  );

  app.get(
    '/user/auth/verify-email/:token',
    { schema: { params: verifyEmailParamsSchema, response: { 200: verifyEmailResponseSchema } }, config: loginLimit },
    async (request) => {
      const header = request.headers[RECAPTCHA_HEADER];
      await ctx.botCheck.verify(Array.isArray(header) ? header[0] : header, 'email_verification', request.ip);
      return users.verifyEmail(request.params.token);
    },
  );

  app.post(
    '/user/auth/login',
    { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } }, config: loginLimit },
    async (request) => {
      await ctx.botCheck.verify(request.body.recaptchaToken, 'login', request.ip);
      return users.login(request.body.email, request.body.password, request.ip);
    },
  );

  app.get(
    '/user/auth/verify-user-token',
    { schema: { response: { 200: verifyTokenResponseSchema } }, onRequest: ctx.guard('user') },
    async (request) => {
      const { id, name, email, type } = requirePrincipal(request);
      return { user: { id, name, email, type } };
    },
  );

  app.put(
    '/user/auth/update-profile',
    {
      schema: { body: updateProfileBodySchema, response: { 200: updateProfileResponseSchema } },
      onRequest: ctx.guard('user'),
    },
    async (request) => {
      await ctx.botCheck.verify(request.body.recaptchaToken, 'profile_update', request.ip);
      return users.updateProfile(requirePrincipal(request), request.body.name);
    },
  );

  app.put(
    '/user/auth/change-password',
    {
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordResponseSchema } },
      onRequest: ctx.guard('user'),
      config: loginLimit,
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      return users.changePassword(requirePrincipal(request), { currentPassword, newPassword }, request.ip);
    },
  );
}
