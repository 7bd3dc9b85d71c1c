import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  classifyLoginFailure,
  clientLockMessage,
  isLocked,
  lockedByServer,
  minutesLeft,
  readAdminLockout,
  remainingAttempts,
  withFailure,
  writeAdminLockout,
} from './admin-lockout';

const T0 = Date.parse('2026-03-01T10:00:00Z');

describe('admin login lockout (client side)', () => {
  it('shows 3 minus failures as remaining attempts and locks on the third for 15 minutes', () => {
    let state = readAdminLockout(T0);
    expect(remainingAttempts(state)).toBe(3);
    state = withFailure(state, T0);
    expect(remainingAttempts(state)).toBe(2);
    state = withFailure(state, T0);
    expect(remainingAttempts(state)).toBe(1);
    expect(isLocked(state, T0)).toBe(false);
    state = withFailure(state, T0);
    expect(remainingAttempts(state)).toBe(0);
    expect(isLocked(state, T0)).toBe(true);
    expect(clientLockMessage(state, T0)).toBe('Account temporarily locked. Please try again in 15 minutes.');
    expect(minutesLeft(state, T0 + 14 * 60_000 + 1)).toBe(1);
    expect(isLocked(state, T0 + 15 * 60_000)).toBe(false);
  });

  it('keeps adminRetryCount and adminLockoutEnd in localStorage, and forgets an ended lock', () => {
    writeAdminLockout(withFailure({ failures: 2, lockoutEnd: null }, T0));
    expect(localStorage.getItem('adminRetryCount')).toBe('3');
    expect(localStorage.getItem('adminLockoutEnd')).toBe(String(T0 + 15 * 60_000));
    expect(readAdminLockout(T0 + 60_000)).toEqual({ failures: 3, lockoutEnd: T0 + 15 * 60_000 });
    expect(readAdminLockout(T0 + 15 * 60_000)).toEqual({ failures: 0, lockoutEnd: null });
    expect(localStorage.getItem('adminRetryCount')).toBeNull();
    expect(localStorage.getItem('adminLockoutEnd')).toBeNull();
  });

  it('ignores stored values that are not numbers', () => {
    localStorage.setItem('adminRetryCount', 'lots');
    localStorage.setItem('adminLockoutEnd', 'soon');
    expect(readAdminLockout(T0)).toEqual({ failures: 0, lockoutEnd: null });
  });

  it('follows a lock reported by the server', () => {
    const state = lockedByServer(7, T0);
    expect(isLocked(state, T0)).toBe(true);
    expect(minutesLeft(state, T0)).toBe(7);
    expect(remainingAttempts(state)).toBe(0);
  });

  it('maps failures to the admin login messages (too many attempts, locked for n minutes, failed)', () => {
    expect(classifyLoginFailure(new ApiError(429, 'Too many requests.', 'LOGIN_RATE_LIMITED', null))).toEqual({
      kind: 'rate-limited',
      message: 'Too many login attempts. Please try again later.',
    });
    const locked = {
      message: 'Account locked. Try again in 12 minutes.',
      code: 'ADMIN_ACCOUNT_LOCKED',
      params: { minutes: 12 },
    };
    expect(classifyLoginFailure(new ApiError(423, locked.message, locked.code, locked))).toEqual({
      kind: 'locked',
      message: 'Account locked. Try again in 12 minutes.',
      minutes: 12,
    });
    // The minutes come from the params; without them, from the words.
    expect(classifyLoginFailure(new ApiError(423, '', 'ADMIN_ACCOUNT_LOCKED', { params: { minutes: 4 } }))).toEqual({
      kind: 'locked',
      message: 'Account locked. Try again in 4 minutes.',
      minutes: 4,
    });
    expect(
      classifyLoginFailure(new ApiError(423, 'Account locked. Try again in 9 minutes.', 'ACCOUNT_LOCKED', null)),
    ).toEqual({ kind: 'locked', message: 'Account locked. Try again in 9 minutes.', minutes: 9 });
    expect(classifyLoginFailure(new ApiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS', null))).toEqual({
      kind: 'invalid-credentials',
      message: 'Invalid email or password',
    });
    expect(classifyLoginFailure(new ApiError(500, '', 'INTERNAL', null))).toEqual({
      kind: 'other',
      message: 'Login failed',
    });
    expect(classifyLoginFailure(new Error('boom'))).toEqual({ kind: 'other', message: 'Login failed' });
  });
});
