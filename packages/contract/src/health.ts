import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /api/health/ready when this instance can take requests: each dependency it checked answered (Redis only
 * when REDIS_URL is set). Otherwise the answer is 503 with the error code NOT_READY naming what failed.
 */
export const readyResponseSchema = z.object({
  status: z.literal('ok'),
  checks: z.object({ database: z.literal('ok'), redis: z.literal('ok').optional() }),
});

/** Public, non-secret settings the SPA needs before it can talk to the server. */
export const publicConfigSchema = z.object({
  /** reCAPTCHA v3 site key; null when the bot check is switched off. */
  recaptchaSiteKey: z.string().nullable(),
  /** Where the bot-check script is loaded from when it is on. */
  recaptchaScriptUrl: z.string().nullable(),
  /**
   * Present when single sign-on is on: the provider's name for the "Sign in with {name}" button, and whether
   * administrators may sign in through it too.
   */
  sso: z.object({ name: z.string(), admin: z.boolean() }).optional(),
  /** Whether an AI provider is configured, so the editor offers "Translate with AI" (absent: not offered). */
  aiTranslation: z.boolean().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
