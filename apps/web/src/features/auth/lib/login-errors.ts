import { i18n } from '@/i18n/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';

/** The texts shown for a failed login, in the interface's language when read. */
export const LOGIN_MESSAGES = {
  get failed() {
    return i18n.t('auth:login.failed');
  },
  get verifyEmail() {
    return i18n.t('auth:login.verifyEmail');
  },
  get locked() {
    return i18n.t('auth:login.locked');
  },
};

export interface LoginFailure {
  message: string;
  /** The account exists but its email is not verified: offer to resend the link. */
  unverified: boolean;
}

/**
 * A failed login shows the server's message, else 'Login failed'; an unverified email or a locked account (by the
 * error's code, or a message containing 'verify your email' or 'Account locked') is replaced by the friendlier texts.
 */
export function loginFailure(error: unknown): LoginFailure {
  const message = errorMessage(error, LOGIN_MESSAGES.failed);
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'EMAIL_NOT_VERIFIED' || message.includes('verify your email')) {
    return { message: LOGIN_MESSAGES.verifyEmail, unverified: true };
  }
  if (code === 'ACCOUNT_LOCKED' || message.includes('Account locked')) {
    return { message: LOGIN_MESSAGES.locked, unverified: false };
  }
  return { message, unverified: false };
}
