import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@quorum/contract';
import { ApiError } from '@/lib/api-client';
import { LOGIN_MESSAGES, loginFailure } from './login-errors';

const apiError = (status: number, message: string) => new ApiError(status, message, undefined, null);

describe('login failure texts', () => {
  it("shows the server's message", () => {
    expect(loginFailure(apiError(401, 'Invalid email or password'))).toEqual({
      message: 'Invalid email or password',
      unverified: false,
    });
  });

  it("falls back to 'Login failed' without a server message", () => {
    expect(loginFailure(apiError(500, ''))).toEqual({ message: 'Login failed', unverified: false });
    expect(loginFailure(new Error('boom'))).toEqual({ message: 'Login failed', unverified: false });
  });

  it("maps a message containing 'verify your email' and offers a resend", () => {
    expect(loginFailure(apiError(403, MESSAGES.emailNotVerified))).toEqual({
      message: 'Please check your email to verify your account before logging in.',
      unverified: true,
    });
  });

  it("maps a message containing 'Account locked'", () => {
    expect(loginFailure(apiError(423, formatMessage(MESSAGES.accountLocked, { minutes: 12 })))).toEqual({
      message: LOGIN_MESSAGES.locked,
      unverified: false,
    });
    expect(LOGIN_MESSAGES.locked).toBe(
      'Account is temporarily locked due to multiple failed attempts. Please try again later.',
    );
  });
});
