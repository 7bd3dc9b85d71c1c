import { errorMessage } from '@/lib/api-client';

/** The texts shown for a failed login. */
export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  verifyEmail: 'Please check your email to verify your account before logging in.',
  locked: 'Account is temporarily locked due to multiple failed attempts. Please try again later.',
} as const;

export interface LoginFailure {
  message: string;
  /** The account exists but its email is not verified: offer to resend the link. */
  unverified: boolean;
}

/**
 * A failed login shows the server's message, else 'Login failed'; a message containing
 * 'verify your email' or 'Account locked' is replaced by the friendlier texts.
 */
export function loginFailure(error: unknown): LoginFailure {
  const message = errorMessage(error, LOGIN_MESSAGES.failed);
  if (message.includes('verify your email')) return { message: LOGIN_MESSAGES.verifyEmail, unverified: true };
  if (message.includes('Account locked')) return { message: LOGIN_MESSAGES.locked, unverified: false };
  return { message, unverified: false };
}
