import { z } from 'zod';

// ---------------------------------------------------------------------------
// Two-factor sign-in: a time-based code from an authenticator app (RFC 6238) or a single-use recovery code.
// ---------------------------------------------------------------------------

/** Digits of an authenticator code. */
export const TOTP_DIGITS = 6;
/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Minutes between a right password and the code that completes the sign-in. */
export const MFA_TOKEN_MINUTES = 5;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code',
  totpFormat: 'Enter the 6-digit code from your authenticator app',
  passwordRequired: 'Password is required',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
} as const;

/** The letters of a recovery code: Crockford's base 32, without I, L, O and U, so nothing reads as another. */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_LENGTH = 10;

/** A code as typed, compared without spaces, hyphens and case (`abcde-fghjk`, `ABCDE FGHJK`). */
export function normaliseTwoFactorCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

/** Which kind of code this is, by its shape: six digits, a recovery code, or neither. */
export function twoFactorCodeKind(code: string): 'totp' | 'recovery' | undefined {
  const bare = normaliseTwoFactorCode(code);
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(bare)) return 'totp';
  if (bare.length === RECOVERY_CODE_LENGTH && [...bare].every((c) => RECOVERY_CODE_ALPHABET.includes(c))) {
    return 'recovery';
  }
  return undefined;
}

/** A recovery code as shown: two groups of five (`abcde-fghjk`). */
export function formatRecoveryCode(bare: string): string {
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

/** An authenticator code or a recovery code; which one is decided by its shape. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(64, { error: TWO_FACTOR_MESSAGES.codeRequired });

/** An authenticator code only (turning two-factor sign-in on proves the app has the secret). */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.totpFormat })
  .max(64, { error: TWO_FACTOR_MESSAGES.totpFormat })
  .refine((code) => twoFactorCodeKind(code) === 'totp', { error: TWO_FACTOR_MESSAGES.totpFormat });

export const twoFactorStatusResponseSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes; 0 when two-factor sign-in is off. */
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** A new secret, not in force until a code from it turns two-factor sign-in on. */
export const twoFactorSetupResponseSchema = z.object({
  /** Base 32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The same secret as an `otpauth://totp/…` address, for the QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBodySchema>;

/** Shown once: only their hashes are kept. */
export const twoFactorEnableResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorDisableBodySchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .min(1, { error: TWO_FACTOR_MESSAGES.passwordRequired })
    .max(256),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;

/** The second step of a login: the ticket from the first and a code. */
export const loginTwoFactorBodySchema = z.object({
  mfaToken: z.string().min(1).max(2048),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBodySchema>;
