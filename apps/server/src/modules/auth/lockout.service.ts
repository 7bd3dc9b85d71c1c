import type { Db } from '../../db/database';
import { addMinutes, type Clock } from '../../lib/clock';
import { deleteAttempts, ensureAttempts, findAttempts, saveAttempts } from './login-attempts.repository';

/** How many failures within a window lock an email, and for how long. */
export interface LockoutPolicy {
  scope: 'user' | 'admin';
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

export interface LockState {
  locked: boolean;
  /** Whole minutes until the lock ends, rounded up; 0 when not locked. */
  minutesLeft: number;
  failures: number;
}

const minutesUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 60_000));

/**
 * Failed-login counting per email, kept in the database so every instance agrees and the
 * browser's own counter is never the only guard.
 */
export function createLockout(db: Db, clock: Clock, policy: LockoutPolicy) {
  return {
    /** Whether the email is locked right now. */
    async status(email: string): Promise<LockState> {
      const now = clock.now();
      const row = await findAttempts(db.kysely, 'sqlite', policy.scope, email);
      if (row?.locked_until && new Date(row.locked_until) > now) {
        return { locked: true, minutesLeft: minutesUntil(new Date(row.locked_until), now), failures: row.failures };
      }
      return {
        locked: false,
        minutesLeft: 0,
        failures: row && !windowOver(row.window_started_at, now) ? row.failures : 0,
      };
    },

    /** Counts one failure; the one that reaches the limit starts the lock. */
    async recordFailure(email: string): Promise<LockState> {
      return db.kysely.transaction().execute(async (trx) => {
        const now = clock.now();
        await ensureAttempts(trx, policy.scope, email, now.toISOString());
        const row = await findAttempts(trx, db.dialect, policy.scope, email);
        const lockOver = row?.locked_until ? new Date(row.locked_until) <= now : false;
        const fresh = !row || row.failures === 0 || lockOver || windowOver(row.window_started_at, now);
        const failures = fresh ? 1 : row.failures + 1;
        const lockedUntil = failures >= policy.maxFailures ? addMinutes(now, policy.lockMinutes) : null;
        await saveAttempts(trx, {
          scope: policy.scope,
          email,
          failures,
          window_started_at: fresh ? now.toISOString() : row.window_started_at,
          locked_until: lockedUntil ? lockedUntil.toISOString() : null,
        });
        return lockedUntil
          ? { locked: true, minutesLeft: minutesUntil(lockedUntil, now), failures }
          : { locked: false, minutesLeft: 0, failures };
      });
    },

    /** A successful login resets the count and the lock. */
    async reset(email: string): Promise<void> {
      await deleteAttempts(db.kysely, policy.scope, email);
    },
  };

  function windowOver(windowStartedAt: string, now: Date): boolean {
    return addMinutes(new Date(windowStartedAt), policy.windowMinutes) <= now;
  }
}

export type Lockout = ReturnType<typeof createLockout>;
