import { ADMIN_LOCKOUT } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/lib/storage';

/**
 * The admin login's own memory of failures (3 lock it for 15 minutes; a success resets): `adminRetryCount`
 * and `adminLockoutEnd` (epoch milliseconds) in localStorage. The server keeps the real lock;
 * this only lets the screen show the remaining attempts and disable the button.
 */
export interface AdminLockout {
  failures: number;
  /** When the lock ends (epoch ms), or null when not locked. */
  lockoutEnd: number | null;
}

export const MAX_ATTEMPTS = ADMIN_LOCKOUT.maxFailures;
export const LOCK_MS = ADMIN_LOCKOUT.lockMinutes * 60_000;

/** The admin login's own texts, in the current language each time one is read. */
export const ADMIN_LOGIN_MESSAGES = {
  get tooMany() {
    return i18n.t('contract:validation.tooManyLoginAttempts');
  },
  get failed() {
    return i18n.t('admin:login.failed');
  },
};

const none: AdminLockout = { failures: 0, lockoutEnd: null };

/** The stored state; a lock that has ended is forgotten together with its count. */
export function readAdminLockout(now: number, storage: Storage = localStorage): AdminLockout {
  const failures = Number.parseInt(storage.getItem(STORAGE_KEYS.adminRetryCount) ?? '', 10);
  const end = Number.parseInt(storage.getItem(STORAGE_KEYS.adminLockoutEnd) ?? '', 10);
  const state: AdminLockout = {
    failures: Number.isFinite(failures) && failures > 0 ? Math.min(failures, MAX_ATTEMPTS) : 0,
    lockoutEnd: Number.isFinite(end) ? end : null,
  };
  if (state.lockoutEnd !== null && state.lockoutEnd <= now) {
    clearAdminLockout(storage);
    return none;
  }
  return state;
}

export function writeAdminLockout(state: AdminLockout, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.adminRetryCount, String(state.failures));
  if (state.lockoutEnd === null) storage.removeItem(STORAGE_KEYS.adminLockoutEnd);
  else storage.setItem(STORAGE_KEYS.adminLockoutEnd, String(state.lockoutEnd));
}

export function clearAdminLockout(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.adminRetryCount);
  storage.removeItem(STORAGE_KEYS.adminLockoutEnd);
}

export function isLocked(state: AdminLockout, now: number): boolean {
  return state.lockoutEnd !== null && state.lockoutEnd > now;
}

/** Remaining attempts are 3 minus failures. */
export function remainingAttempts(state: AdminLockout): number {
  return Math.max(0, MAX_ATTEMPTS - state.failures);
}

/** Whole minutes until the lock ends, rounded up (at least 1 while locked). */
export function minutesLeft(state: AdminLockout, now: number): number {
  if (state.lockoutEnd === null) return 0;
  return Math.max(1, Math.ceil((state.lockoutEnd - now) / 60_000));
}

/** One more wrong password; the one that reaches the limit starts a 15-minute lock. */
export function withFailure(state: AdminLockout, now: number): AdminLockout {
  const failures = Math.min(state.failures + 1, MAX_ATTEMPTS);
  return { failures, lockoutEnd: failures >= MAX_ATTEMPTS ? now + LOCK_MS : state.lockoutEnd };
}

/** The server said the email is locked for `minutes`: the screen follows it. */
export function lockedByServer(minutes: number, now: number): AdminLockout {
  return { failures: MAX_ATTEMPTS, lockoutEnd: now + Math.max(1, minutes) * 60_000 };
}

export function clientLockMessage(state: AdminLockout, now: number): string {
  return i18n.t('admin:login.clientLocked', { n: minutesLeft(state, now) });
}

export type LoginFailure =
  | { kind: 'rate-limited'; message: string }
  | { kind: 'locked'; message: string; minutes: number }
  | { kind: 'invalid-credentials'; message: string }
  | { kind: 'other'; message: string };

/**
 * What a failed admin login means for the screen: 429 is too many attempts, 423 a lock (for the minutes the
 * server's params say), else failed.
 */
export function classifyLoginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) return { kind: 'rate-limited', message: ADMIN_LOGIN_MESSAGES.tooMany };
    if (error.code === 'ADMIN_ACCOUNT_LOCKED' || error.code === 'ACCOUNT_LOCKED' || error.status === 423) {
      const minutes =
        typeof error.params.minutes === 'number'
          ? error.params.minutes
          : Number(/(\d+)\s*minute/.exec(error.message)?.[1] ?? ADMIN_LOCKOUT.lockMinutes);
      return {
        kind: 'locked',
        message: error.message || i18n.t('contract:validation.adminLocked', { minutes }),
        minutes,
      };
    }
    if (error.status === 401) {
      return { kind: 'invalid-credentials', message: error.message || ADMIN_LOGIN_MESSAGES.failed };
    }
    return { kind: 'other', message: error.message || ADMIN_LOGIN_MESSAGES.failed };
  }
  return { kind: 'other', message: ADMIN_LOGIN_MESSAGES.failed };
}
