import { describe, expect, it } from 'vitest';
import { clientAddressKey, createLockout, type LockoutPolicy } from '../src/modules/auth/lockout.service';
import { TEST_DIALECT, useTestApp } from './helpers';

const policy: LockoutPolicy = { scope: 'user', maxFailures: 3, accountCeiling: 10, windowMinutes: 15, lockMinutes: 15 };
const HOME = '192.0.2.1';

describe(`lockout (${TEST_DIALECT})`, () => {
  // The app's own account sweep reads this clock: an hour before the counts below, so it never takes them
  // away mid-test (the tests drive their lockouts with clocks of their own).
  const t = useTestApp({}, { clock: { now: () => new Date('2026-01-01T09:00:00Z') } });
  const at = (iso: string) => ({ now: () => new Date(iso) });

  it('locks on the failure that reaches the limit, for the lock duration', async () => {
    const clock = { now: () => new Date('2026-01-01T10:00:00Z') };
    const lockout = createLockout(t.ctx.db, clock, policy);
    expect((await lockout.recordFailure('a@x.co', HOME)).locked).toBe(false);
    expect((await lockout.recordFailure('a@x.co', HOME)).locked).toBe(false);
    expect(await lockout.recordFailure('a@x.co', HOME)).toEqual({ locked: true, minutesLeft: 15, failures: 3 });
    clock.now = () => new Date('2026-01-01T10:10:30Z');
    expect(await lockout.status('a@x.co', HOME)).toEqual({ locked: true, minutesLeft: 5, failures: 3 });
    clock.now = () => new Date('2026-01-01T10:15:00Z');
    expect((await lockout.status('a@x.co', HOME)).locked).toBe(false);
    // After the lock ends, counting starts again from one.
    expect(await lockout.recordFailure('a@x.co', HOME)).toEqual({ locked: false, minutesLeft: 0, failures: 1 });
  });

  it('forgets failures older than the window', async () => {
    const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
    await lockout.recordFailure('b@x.co', HOME);
    await lockout.recordFailure('b@x.co', HOME);
    const later = createLockout(t.ctx.db, at('2026-01-01T10:16:00Z'), policy);
    expect(await later.recordFailure('b@x.co', HOME)).toEqual({ locked: false, minutesLeft: 0, failures: 1 });
  });

  it('resets on success and keeps scopes and emails apart', async () => {
    const clock = at('2026-01-01T10:00:00Z');
    const users = createLockout(t.ctx.db, clock, policy);
    const admins = createLockout(t.ctx.db, clock, { ...policy, scope: 'admin' });
    await users.recordFailure('c@x.co', HOME);
    await users.recordFailure('c@x.co', HOME);
    await admins.recordFailure('c@x.co', HOME);
    expect((await admins.status('c@x.co', HOME)).failures).toBe(1);
    expect((await users.status('d@x.co', HOME)).failures).toBe(0);
    await users.reset('c@x.co', HOME);
    expect((await users.status('c@x.co', HOME)).failures).toBe(0);
    expect((await admins.status('c@x.co', HOME)).failures).toBe(1);
  });

  it('never locks more than once under concurrent failures', async () => {
    const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
    const results = await Promise.all(Array.from({ length: 6 }, () => lockout.recordFailure('e@x.co', HOME)));
    expect(results.map((r) => r.failures).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  describe('per client address, with a ceiling per account', () => {
    it('locks only the address that failed; another address is free', async () => {
      const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
      for (let i = 0; i < 3; i++) await lockout.recordFailure('f@x.co', '198.51.100.7');
      expect((await lockout.status('f@x.co', '198.51.100.7')).locked).toBe(true);
      expect(await lockout.status('f@x.co', HOME)).toEqual({ locked: false, minutesLeft: 0, failures: 0 });
    });

    it('locks the account for every address once all addresses together reach the ceiling', async () => {
      const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
      // Two failures from each of five addresses: no address reaches 3, the account reaches 10.
      const states = [];
      for (let i = 1; i <= 5; i++) {
        states.push(await lockout.recordFailure('g@x.co', `203.0.113.${i}`));
        states.push(await lockout.recordFailure('g@x.co', `203.0.113.${i}`));
      }
      expect(states.slice(0, -1).every((s) => !s.locked)).toBe(true);
      expect(states.at(-1)).toEqual({ locked: true, minutesLeft: 15, failures: 2 });
      expect(await lockout.status('g@x.co', HOME)).toEqual({ locked: true, minutesLeft: 15, failures: 0 });
      // A success from one address does not lift the account's lock.
      await lockout.reset('g@x.co', HOME);
      expect((await lockout.status('g@x.co', HOME)).locked).toBe(true);
      const later = createLockout(t.ctx.db, at('2026-01-01T10:15:00Z'), policy);
      expect((await later.status('g@x.co', HOME)).locked).toBe(false);
    });

    it('counts every concurrent failure from many addresses once, and locks at the ceiling exactly', async () => {
      const lockout = createLockout(t.ctx.db, at('2026-01-01T10:00:00Z'), policy);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => lockout.recordFailure('h@x.co', `203.0.113.${100 + (i % 6)}`)),
      );
      expect(results.filter((r) => r.locked)).toHaveLength(3);
      const rows = await t.ctx.db.kysely
        .selectFrom('login_attempts')
        .selectAll()
        .where('email', '=', 'h@x.co')
        .orderBy('address')
        .execute();
      expect(rows.find((r) => r.address === '*')?.failures).toBe(12);
      expect(rows.filter((r) => r.address !== '*').map((r) => r.failures)).toEqual([2, 2, 2, 2, 2, 2]);
    });

    it('counts an IPv6 client by its /64 network and an IPv4-mapped address as IPv4', () => {
      expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
      expect(clientAddressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
      expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
      expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
      expect(clientAddressKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
      expect(clientAddressKey('192.0.2.9')).toBe('192.0.2.9');
      expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    });

    it('sweeps counts whose window is over and whose lock has ended, and nothing else', async () => {
      const start = createLockout(t.ctx.db, at('2026-01-02T10:00:00Z'), policy);
      for (let i = 0; i < 3; i++) await start.recordFailure('i@x.co', HOME); // locked until 10:15
      await start.recordFailure('j@x.co', HOME);
      const duringLock = createLockout(t.ctx.db, at('2026-01-02T10:14:00Z'), policy);
      await duringLock.recordFailure('k@x.co', HOME); // a window still running
      const count = (email: string) =>
        t.ctx.db.kysely
          .selectFrom('login_attempts')
          .select('address')
          .where('email', '=', email)
          .execute()
          .then((rows) => rows.length);

      await duringLock.sweep();
      expect(await count('i@x.co')).toBe(2);
      expect(await count('j@x.co')).toBe(2);
      const after = createLockout(t.ctx.db, at('2026-01-02T10:16:00Z'), policy);
      await after.sweep();
      expect(await count('i@x.co')).toBe(0);
      expect(await count('j@x.co')).toBe(0);
      expect(await count('k@x.co')).toBe(2);
    });
  });
});
