import { publicConfigSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';

/** Public, non-secret settings for the SPA. */
export async function configRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const body = {
    recaptchaSiteKey: ctx.config.recaptcha?.siteKey ?? null,
    recaptchaScriptUrl: ctx.config.recaptcha?.scriptUrl ?? null,
    aiTranslation: Boolean(ctx.config.ai),
    ...(ctx.config.oidc ? { sso: { name: ctx.config.oidc.name, admin: ctx.config.oidc.adminEmails.length > 0 } } : {}),
  };
  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => body);
}
