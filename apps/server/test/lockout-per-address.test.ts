import type { FastifyInstance } from 'fastify';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN_LOCKOUT, MESSAGES, USER_LOCKOUT, formatMessage } from '@quorum/contract';
import { createAdmin, createUser } from '@quorum/test-support/factories';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { migrationProvider } from '../src/db/migrations';
import { sweepAccounts } from '../src/modules/users/account-sweep';
import { TEST_DIALECT, createTestDatabase, manualClock, testConfig, useTestApp } from './helpers';

const WRONG = 'Wrong-Passw0rd!';
const CEILING = 8;

function login(app: FastifyInstance, role: 'user' | 'admin', from: string, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: `/api/${role}/auth/login`,
    payload: { email, password, recaptchaToken: '' },
    remoteAddress: from,
  });
}

const cases = [
  {
    role: 'admin' as const,
    limit: ADMIN_LOCKOUT.maxFailures,
    locked: (minutes: number) => ({
      message: formatMessage(MESSAGES.adminLocked, { minutes }),
      code: 'ADMIN_ACCOUNT_LOCKED',
      params: { minutes },
    }),
    account: createAdmin,
  },
  {
    role: 'user' as const,
    limit: USER_LOCKOUT.maxFailures,
    locked: (minutes: number) => ({
      message: formatMessage(MESSAGES.accountLocked, { minutes }),
      code: 'ACCOUNT_LOCKED',
      params: { minutes },
    }),
    account: createUser,
  },
];

describe.each(cases)(
  `$role lockout per account and client address (${TEST_DIALECT})`,
  ({ role, limit, locked, account }) => {
    const clock = manualClock('2026-04-01T08:00:00Z');
    const t = useTestApp({ lockoutAccountCeiling: CEILING, loginRateLimit: 10_000 }, { clock });

    it('locks out the address that fails, while the owner logs in from another one', async () => {
      const owner = await account(t.ctx);
      const statuses: number[] = [];
      for (let i = 0; i < limit; i++)
        statuses.push((await login(t.app, role, '198.51.100.66', owner.email, WRONG)).statusCode);
      expect(statuses).toEqual([...Array<number>(limit - 1).fill(401), 423]);

      // The failing client keeps the specification's answer, even with the right password…
      const attacker = await login(t.app, role, '198.51.100.66', owner.email, owner.password);
      expect(attacker.statusCode).toBe(423);
      expect(attacker.json()).toEqual(locked(15));
      expect(attacker.headers['retry-after']).toBe('900');

      // …and the owner, elsewhere, is not locked out by it.
      const ownerLogin = await login(t.app, role, '192.0.2.10', owner.email, owner.password);
      expect(ownerLogin.statusCode).toBe(200);
      expect(ownerLogin.json().user).toMatchObject({ email: owner.email, type: role });

      // The owner's success clears nothing for the failing address.
      expect((await login(t.app, role, '198.51.100.66', owner.email, owner.password)).statusCode).toBe(423);
    });

    it('locks the account for every address when failures from many addresses reach the ceiling', async () => {
      const owner = await account(t.ctx);
      const statuses: number[] = [];
      // Spread over addresses so that no single address reaches its own limit.
      for (let i = 0; i < CEILING; i++) {
        const from = `203.0.113.${1 + Math.floor(i / (limit - 1))}`;
        statuses.push((await login(t.app, role, from, owner.email, WRONG)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(CEILING - 1).fill(401), 423]);

      const fresh = await login(t.app, role, '192.0.2.20', owner.email, owner.password);
      expect(fresh.statusCode).toBe(423);
      expect(fresh.json()).toEqual(locked(15));

      clock.advanceMinutes(15);
      expect((await login(t.app, role, '192.0.2.20', owner.email, owner.password)).statusCode).toBe(200);
    });

    it('counts an IPv6 client by its /64: rotating addresses inside it does not help', async () => {
      const owner = await account(t.ctx);
      const statuses: number[] = [];
      for (let i = 0; i < limit; i++) {
        statuses.push((await login(t.app, role, `2001:db8:5:6::${i + 1}`, owner.email, WRONG)).statusCode);
      }
      expect(statuses.at(-1)).toBe(423);
      expect((await login(t.app, role, '2001:db8:5:6:ffff::9', owner.email, owner.password)).statusCode).toBe(423);
      expect((await login(t.app, role, '2001:db8:5:7::1', owner.email, owner.password)).statusCode).toBe(200);
    });

    it('counts concurrent failures from many addresses exactly: the ceiling locks once it is reached', async () => {
      const owner = await account(t.ctx);
      const results = await Promise.all(
        Array.from({ length: CEILING + 2 }, (_, i) => login(t.app, role, `198.51.100.${10 + i}`, owner.email, WRONG)),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      // The first CEILING - 1 count as plain failures; the one that reaches the ceiling and every later one meet the lock.
      expect(statuses.filter((s) => s === 423)).toHaveLength(3);
      expect(statuses.filter((s) => s === 401)).toHaveLength(CEILING - 1);
      const row = await t.ctx.db.kysely
        .selectFrom('login_attempts')
        .selectAll()
        .where('scope', '=', role)
        .where('email', '=', owner.email)
        .where('address', '=', '*')
        .executeTakeFirstOrThrow();
      expect(row.locked_until).not.toBeNull();
    });
  },
);

describe(`lockout counts in the account sweep (${TEST_DIALECT})`, () => {
  const clock = manualClock('2026-04-02T08:00:00Z');
  const t = useTestApp({ loginRateLimit: 10_000 }, { clock });
  const rows = (email: string) =>
    t.ctx.db.kysely.selectFrom('login_attempts').select('address').where('email', '=', email).execute();

  it('removes the counts of both scopes once their window is over and no lock runs, keeping a running lock', async () => {
    const admin = await createAdmin(t.ctx);
    const user = await createUser(t.ctx);
    for (let i = 0; i < ADMIN_LOCKOUT.maxFailures; i++) await login(t.app, 'admin', '198.51.100.1', admin.email, WRONG);
    clock.advanceMinutes(10);
    await login(t.app, 'user', '198.51.100.2', user.email, WRONG);

    clock.advanceMinutes(6); // admin: window and lock over; user: window running
    await sweepAccounts(t.ctx);
    expect(await rows(admin.email)).toEqual([]);
    expect(await rows(user.email)).toHaveLength(2);

    clock.advanceMinutes(10);
    await sweepAccounts(t.ctx);
    expect(await rows(user.email)).toEqual([]);
  });
});

describe('lockout ceiling setting', () => {
  it('defaults to 50 failures per account in the lockout window', () => {
    expect(testConfig().lockoutAccountCeiling).toBe(50);
    expect(testConfig({}, { LOCKOUT_ACCOUNT_CEILING: '200' }).lockoutAccountCeiling).toBe(200);
  });
});

describe(`lockout migration (${TEST_DIALECT})`, () => {
  it('keeps the running counts of a database made before counting per address, as counts over all addresses', async () => {
    const testDb = await createTestDatabase();
    const db = openDatabase(testDb.database);
    try {
      const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
      const before = await migrator.migrateTo('2026-11-22T0900-initial');
      expect(before.error).toBeUndefined();
      const old = db.kysely as unknown as Kysely<{
        login_attempts: {
          scope: string;
          email: string;
          failures: number;
          window_started_at: string;
          locked_until: string | null;
        };
      }>;
      await old
        .insertInto('login_attempts')
        .values({
          scope: 'admin',
          email: 'kept@x.co',
          failures: 3,
          window_started_at: '2026-04-01T08:00:00.000Z',
          locked_until: '2026-04-01T08:15:00.000Z',
        })
        .execute();
      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('login_attempts').selectAll().execute();
      expect(rows).toEqual([
        {
          scope: 'admin',
          email: 'kept@x.co',
          address: '*',
          failures: 3,
          window_started_at: '2026-04-01T08:00:00.000Z',
          locked_until: '2026-04-01T08:15:00.000Z',
        },
      ]);
    } finally {
      await db.close();
      await testDb.drop();
    }
  });
});
