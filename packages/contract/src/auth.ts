import { z } from 'zod';
import { ERROR_MESSAGES } from './error-messages';
import { namedTextSchema } from './named-text';

// ---------------------------------------------------------------------------
// Password rules. Client and server run exactly this code.
// ---------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 8;

/** Special characters that satisfy the registration password rule (one is required). */
export const REGISTRATION_SPECIALS = '!@#$%^&*(),.?":{}|<>';
/** Special characters that satisfy the change-password rule (a narrower set than registration's). */
export const CHANGE_PASSWORD_SPECIALS = '!@#$%^&*';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  /** Text shown in the live list of unmet requirements. */
  label: string;
  test: (password: string) => boolean;
}

const hasAnyOf = (chars: string) => (value: string) => [...value].some((c) => chars.includes(c));

/** Registration password requirements, in the order they are listed. */
export const registrationPasswordRules: readonly PasswordRule[] = [
  { id: 'length', label: 'At least 8 characters', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${REGISTRATION_SPECIALS})`,
    test: hasAnyOf(REGISTRATION_SPECIALS),
  },
];

/** Change-password requirements, each with the exact message shown while it is unmet. */
export const changePasswordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'Password must be at least 8 characters long',
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  { id: 'number', label: 'Password must contain at least one number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: 'Password must contain at least one special character (!@#$%^&*)',
    test: hasAnyOf(CHANGE_PASSWORD_SPECIALS),
  },
];

/** The rules a password fails, in list order (empty when it passes them all). */
export function unmetPasswordRules(
  password: string,
  rules: readonly PasswordRule[] = registrationPasswordRules,
): PasswordRule[] {
  return rules.filter((rule) => !rule.test(password));
}

/**
 * The account screens' texts. The errors among them are the error catalog's own texts (ERROR_MESSAGES), named
 * here as the screens know them.
 */
export const MESSAGES = {
  passwordRequirements: 'Password does not meet all requirements',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  nameControlCharacters: 'Name must not contain line breaks, tabs or other control characters',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: ERROR_MESSAGES.EMAIL_TAKEN,
  invalidCredentials: ERROR_MESSAGES.INVALID_CREDENTIALS,
  emailNotVerified: ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
  /** Placeholder: `{minutes}`. */
  accountLocked: ERROR_MESSAGES.ACCOUNT_LOCKED,
  /** Placeholder: `{minutes}`. */
  adminLocked: ERROR_MESSAGES.ADMIN_ACCOUNT_LOCKED,
  currentPasswordIncorrect: ERROR_MESSAGES.CURRENT_PASSWORD_INCORRECT,
  verificationInvalid: ERROR_MESSAGES.VERIFICATION_LINK_INVALID,
  registered: 'Registration successful. Please check your email to verify your account.',
  verified: 'Email verified successfully. You can now log in.',
  alreadyVerified: 'Email is already verified. You can log in.',
  resendGeneric: 'If an account with that email needs verification, a new link has been sent.',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  /** The answer to every "forgot password" request, whether or not the email has an account. */
  passwordResetRequested:
    'If an account with that email exists, we have sent a link to reset its password. The link is valid for 1 hour.',
  passwordResetDone: 'Your password has been reset. You can now log in with your new password.',
  passwordResetInvalid: ERROR_MESSAGES.PASSWORD_RESET_LINK_INVALID,
  passwordResetUsed: ERROR_MESSAGES.PASSWORD_RESET_LINK_USED,
  sessionEnded: 'Your session ended. Log in again to continue where you left off.',
  signedOutEverywhere: 'You have been signed out of all devices.',
  unauthorized: ERROR_MESSAGES.UNAUTHORIZED,
  tooManyRequests: ERROR_MESSAGES.RATE_LIMITED,
  tooManyLoginAttempts: ERROR_MESSAGES.LOGIN_RATE_LIMITED,
  botCheckFailed: ERROR_MESSAGES.BOT_CHECK_FAILED,
  botCheckUnavailable: ERROR_MESSAGES.BOT_CHECK_UNAVAILABLE,
} as const;

// ---------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------

/** Users: failures within the window that lock the account, and for how long. */
export const USER_LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;
/** Administrators: 3 failures within 15 minutes lock the login for 15 minutes. */
export const ADMIN_LOCKOUT = { maxFailures: 3, windowMinutes: 15, lockMinutes: 15 } as const;

// ---------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------

export const userTypeSchema = z.enum(['user', 'admin']);
export type UserType = z.infer<typeof userTypeSchema>;

export const emailSchema = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: MESSAGES.emailInvalid })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const NAME_MAX_LENGTH = 100;

/** A display name: trimmed, required, at most 100 characters, none of the characters no name may carry. */
export const nameSchema = namedTextSchema(NAME_MAX_LENGTH, {
  required: MESSAGES.nameRequired,
  tooLong: MESSAGES.nameTooLong,
  forbidden: MESSAGES.nameControlCharacters,
});

/** Why a display name is refused, or undefined when it is fine: the forms show what the server would answer. */
export function nameProblem(name: string): string | undefined {
  const result = nameSchema.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Bot-check token; empty when the bot check is off. */
export const recaptchaTokenSchema = z.string().max(4096).optional().default('');

const passwordInput = z.string({ error: 'Password is required' }).max(256, {
  error: 'Password must be at most 256 characters',
});

export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  type: userTypeSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const registerBodySchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordInput.refine((p) => unmetPasswordRules(p).length === 0, {
      error: MESSAGES.passwordRequirements,
    }),
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).max(256),
    recaptchaToken: recaptchaTokenSchema,
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(256),
  recaptchaToken: recaptchaTokenSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** A signed-in session: the token for later calls and who it is. */
export const sessionResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * The password was right and the account has two-factor sign-in on: no session yet. `mfaToken` is good for a few
 * minutes and only for the second step (`POST /api/{user,admin}/auth/login/2fa`) with a code.
 */
export const mfaRequiredResponseSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });

/** A login answers a session, or, for an account with two-factor sign-in on, the ticket to the second step. */
export const loginResponseSchema = z.union([sessionResponseSchema, mfaRequiredResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const resendVerificationBodySchema = z.object({
  email: emailSchema,
  recaptchaToken: recaptchaTokenSchema,
});
export type ResendVerificationBody = z.input<typeof resendVerificationBodySchema>;

export const verifyEmailParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  alreadyVerified: z.boolean().optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const verifyTokenResponseSchema = z.object({ user: authUserSchema });
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

export const updateProfileBodySchema = z.object({
  name: nameSchema,
  recaptchaToken: recaptchaTokenSchema,
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export const updateProfileResponseSchema = z.object({ message: z.string(), user: authUserSchema });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(256),
  newPassword: passwordInput.superRefine((p, ctx) => {
    const unmet = unmetPasswordRules(p, changePasswordRules);
    if (unmet[0]) ctx.addIssue({ code: 'custom', message: unmet[0].label });
  }),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** Signing out answers 204 with no body. */
export const noContentResponseSchema = z.null();

/** How long a password reset link stays valid. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

export const forgotPasswordBodySchema = z.object({
  email: emailSchema,
  recaptchaToken: recaptchaTokenSchema,
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** A new password from a reset link: the change-password rules, typed twice. */
export const resetPasswordBodySchema = z
  .object({
    token: z.string({ error: MESSAGES.passwordResetInvalid }).min(1, { error: MESSAGES.passwordResetInvalid }).max(200),
    password: passwordInput.superRefine((p, ctx) => {
      const unmet = unmetPasswordRules(p, changePasswordRules);
      if (unmet[0]) ctx.addIssue({ code: 'custom', message: unmet[0].label });
    }),
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).max(256),
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Header carrying the bot-check token on email verification (every other call sends it in the body). */
export const RECAPTCHA_HEADER = 'x-recaptcha-token';

/** Bot-check actions: a fresh token is requested for the call's own action before each protected call. */
export const botCheckActions = [
  'admin_login',
  'login',
  'register',
  'profile_update',
  'email_verification',
  'password_reset',
] as const;
export type BotCheckAction = (typeof botCheckActions)[number];
