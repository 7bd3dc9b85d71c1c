import { describe, expect, it } from 'vitest';
import { createLockout, type LockoutPolicy } from '../src/modules/auth/lockout.service';
import { TEST_DIALECT, useTestApp } from './helpers';

const policy: LockoutPolicy = { scope: 'user', maxFailures: 3, windowMinutes: 15, lockMinutes: 15 };

describe(`lockout (${TEST_DIALECT})`, () => {
  const t = useTestApp();
  const at = (iso: string) => ({ now: () => new Date(iso) });

  it('locks on the failure that reaches the limit, for the lock duration', async () => {
    const clock = { now: () => new Date('2026-01-01T10:00:00Z') };
    const lockout = createLockout(t.ctx.db, clock, policy);
    expect((await lockout.recordFailure('a@x.co')).locked).toBe(false);
    expect((await lockout.recordFailure('a@x.co')).locked).toBe(false);
    expect(await lockout.recordFailure('a@x.co')).toEqual({ locked: true, minutesLeft: 15, failures: 3 });
    clock.now = () => new Date('2026-01-01T10:10:30Z');
    expect(await lockout.status('a@x.co')).toEqual({ locked: true, minutesLeft: 5, failures: 3 });
    clock.now = () => new Date('2026-01-01T10:15:00Z');
    expect((await lockout.status('a@x.co')).locked).toBe(false);
    // After the lock ends, counting starts again from one.
    expect(await lockout.recordFailure('a@x.co')).toEqual({ locked: false, minutesLeft: 0, failures: 1 });
  });

  it('forgets failures older than the window', async () => {
    const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
    await lockout.recordFailure('b@x.co');
    await lockout.recordFailure('b@x.co');
    const later = createLockout(t.ctx.db, at('2026-01-01T10:16:00Z'), policy);
    expect(await later.recordFailure('b@x.co')).toEqual({ locked: false, minutesLeft: 0, failures: 1 });
  });

  it('resets on success and keeps scopes and emails apart', async () => {
    const clock = at('2026-01-01T10:00:00Z');
    const users = createLockout(t.ctx.db, clock, policy);
    const admins = createLockout(t.ctx.db, clock, { ...policy, scope: 'admin' });
    await users.recordFailure('c@x.co');
    await users.recordFailure('c@x.co');
    await admins.recordFailure('c@x.co');
    expect((await admins.status('c@x.co')).failures).toBe(1);
    expect((await users.status('d@x.co')).failures).toBe(0);
    await users.reset('c@x.co');
    expect((await users.status('c@x.co')).failures).toBe(0);
    expect((await admins.status('c@x.co')).failures).toBe(1);
  });

  it('never locks more than once under concurrent failures', async () => {
    const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
    const results = await Promise.all(Array.from({ length: 6 }, () => lockout.recordFailure('e@x.co')));
    expect(results.map((r) => r.failures).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
