import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Public, non-secret settings the SPA needs before it can talk to the server. */
export const publicConfigSchema = z.object({
  /** reCAPTCHA v3 site key; null when the bot check is switched off. */
  recaptchaSiteKey: z.string().nullable(),
  /** Where the bot-check script is loaded from when it is on. */
  recaptchaScriptUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
