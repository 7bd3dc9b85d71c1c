import { z } from 'zod';
import { authUserSchema } from './auth';

// ---------------------------------------------------------------------------
// Single sign-on (OpenID Connect)
// ---------------------------------------------------------------------------

/**
 * Why a sign-in through the identity provider was refused. The server's callback sends the browser back to
 * the login screen with one of these in the `sso_error` query parameter; the screen shows its text.
 */
export const SSO_ERROR_CODES = ['state', 'nonce', 'email_unverified', 'domain', 'not_admin', 'provider'] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** The login screen's query parameter that carries an SsoErrorCode. */
export const SSO_ERROR_PARAM = 'sso_error';

/** What the login screen says for each refusal. */
export const SSO_ERROR_MESSAGES: Readonly<Record<SsoErrorCode, string>> = {
  state: 'The sign-in took too long or was started elsewhere. Please try again.',
  nonce: 'The identity provider answered for a different sign-in. Please try again.',
  email_unverified: 'Your identity provider has not verified your email address, so it cannot be used to sign in here.',
  domain: 'Accounts with this email domain cannot sign in here.',
  not_admin: 'This account is not an administrator.',
  provider: 'The identity provider could not complete the sign-in. Please try again.',
};

/** The text for an `sso_error` value, or undefined for anything that is not one of the codes. */
export function ssoErrorMessage(value: string | null | undefined): string | undefined {
  return value && (SSO_ERROR_CODES as readonly string[]).includes(value)
    ? SSO_ERROR_MESSAGES[value as SsoErrorCode]
    : undefined;
}

/** The one-time code the callback hands the browser (in the address's fragment), traded for a session. */
export const SSO_CODE_PARAM = 'code';

/** What the provider's redirect may carry; unknown parameters (a provider's own) are ignored. */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export const ssoExchangeBodySchema = z.object({
  code: z.string().min(1).max(128),
});
export type SsoExchangeBody = z.infer<typeof ssoExchangeBodySchema>;

/** The session the exchange answers, as a password login's: the token and the account. */
export const ssoExchangeResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type SsoExchangeResponse = z.infer<typeof ssoExchangeResponseSchema>;

/**
 * Where the callback sends the browser, per side: the login screen (with `sso_error`) after a refusal, and the
 * screen that trades the one-time code (in the fragment, `#code=…`) for a session after a success.
 */
export const SSO_RETURN_PATHS = {
  user: { login: '/login', complete: '/login/sso' },
  admin: { login: '/admin/login', complete: '/admin/login/sso' },
} as const;
