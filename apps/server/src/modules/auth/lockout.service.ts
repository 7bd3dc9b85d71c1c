import { isIPv4, isIPv6 } from 'node:net';
import { ADMIN_LOCKOUT, USER_LOCKOUT, type UserType } from '@quorum/contract';
import type { Db } from '../../db/database';
import { addMinutes, type Clock } from '../../lib/clock';
import {
  deleteAttempts,
  deleteFinishedAttempts,
  ensureAttempts,
  findAttemptRows,
  findAttemptsForUpdate,
  saveAttempts,
  type AttemptKey,
  type LoginAttemptRow,
} from './login-attempts.repository';

/**
 * How many failures within a window lock an email for one client address, how many from all addresses
 * together lock it for everyone, and for how long.
 */
export interface LockoutPolicy {
  scope: UserType;
  /** Failures from one client address that lock the email for that address. */
  maxFailures: number;
  /** Failures from every address together that lock the email for everyone (a distributed attack). */
  accountCeiling: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** The policy of a scope: the contract's limits per client address, and the configured ceiling per account. */
export function lockoutPolicy(scope: UserType, accountCeiling: number): LockoutPolicy {
  return { scope, ...(scope === 'admin' ? ADMIN_LOCKOUT : USER_LOCKOUT), accountCeiling };
}

export interface LockState {
  locked: boolean;
  /** Whole minutes until the lock ends, rounded up; 0 when not locked. */
  minutesLeft: number;
  /** Failures from this client address within the window. */
  failures: number;
}

/** The key of the count over every address. */
const ALL_ADDRESSES = '*';

/**
 * The address failures are counted under: an IPv4 address as it is (also when written IPv4-mapped), an IPv6
 * address by its /64 network, since one subscriber usually holds a whole /64 and could otherwise try from
 * billions of addresses.
 */
export function clientAddressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return bare || 'unknown';
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const minutesUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 60_000));

/**
 * Failed-login counting, kept in the database so every instance agrees and the browser's own counter is never
 * the only guard. Failures count per email and client address: `maxFailures` of them lock the email for that
 * address only, so strangers cannot lock the owner out. All addresses together count too: `accountCeiling`
 * failures lock the email for everyone, which only a distributed attack reaches.
 */
export function createLockout(db: Db, clock: Clock, policy: LockoutPolicy) {
  const keys = (email: string, address: string) => {
    const account: AttemptKey = { scope: policy.scope, email, address: ALL_ADDRESSES };
    const client: AttemptKey = { scope: policy.scope, email, address: clientAddressKey(address) };
    return { account, client };
  };
  const windowOver = (row: LoginAttemptRow, now: Date) =>
    addMinutes(new Date(row.window_started_at), policy.windowMinutes) <= now;
  const lockEnd = (row: LoginAttemptRow | undefined, now: Date) =>
    row?.locked_until && new Date(row.locked_until) > now ? new Date(row.locked_until) : undefined;
  const stateOf = (ends: Array<Date | undefined>, failures: number, now: Date): LockState => {
    const end = ends.filter((e): e is Date => e !== undefined).sort((a, b) => b.getTime() - a.getTime())[0];
    return end
      ? { locked: true, minutesLeft: minutesUntil(end, now), failures }
      : { locked: false, minutesLeft: 0, failures };
  };
  /** The row after one more failure: a finished window or lock starts the count again from one. */
  const counted = (row: LoginAttemptRow, limit: number, now: Date): LoginAttemptRow => {
    const lockOver = row.locked_until ? new Date(row.locked_until) <= now : false;
    const fresh = row.failures === 0 || lockOver || windowOver(row, now);
    const failures = fresh ? 1 : row.failures + 1;
    const running = lockEnd(row, now);
    return {
      ...row,
      failures,
      window_started_at: fresh ? now.toISOString() : row.window_started_at,
      locked_until:
        failures >= limit ? addMinutes(now, policy.lockMinutes).toISOString() : (running?.toISOString() ?? null),
    };
  };

  return {
    /** Whether the email is locked right now for this client address (its own lock or the account's). */
    async status(email: string, address: string): Promise<LockState> {
      const now = clock.now();
      const { account, client } = keys(email, address);
      const rows = await findAttemptRows(db.kysely, [account, client]);
      const accountRow = rows.find((r) => r.address === account.address);
      const clientRow = rows.find((r) => r.address === client.address);
      const failures = clientRow && !windowOver(clientRow, now) ? clientRow.failures : 0;
      return stateOf([lockEnd(accountRow, now), lockEnd(clientRow, now)], failures, now);
    },

    /** Counts one failure for the address and for the account; the one that reaches a limit starts its lock. */
    async recordFailure(email: string, address: string): Promise<LockState> {
      const { account, client } = keys(email, address);
      return db.kysely.transaction().execute(async (trx) => {
        const now = clock.now();
        // The account's row first, then the address's: every transaction locks in this order.
        const current = async (key: AttemptKey): Promise<LoginAttemptRow> => {
          await ensureAttempts(trx, key, now.toISOString());
          const row = await findAttemptsForUpdate(trx, db.dialect, key);
          // Gone only when a sweep removed a finished row in between: it counted nothing any more.
          return row ?? { ...key, failures: 0, window_started_at: now.toISOString(), locked_until: null };
        };
        const accountRow = counted(await current(account), policy.accountCeiling, now);
        const clientRow = counted(await current(client), policy.maxFailures, now);
        await saveAttempts(trx, accountRow);
        await saveAttempts(trx, clientRow);
        return stateOf([lockEnd(accountRow, now), lockEnd(clientRow, now)], clientRow.failures, now);
      });
    },

    /**
     * A successful login clears this address's count and lock. The account's count over all addresses runs
     * out with its window: the owner's success says nothing about the guesses made from elsewhere.
     */
    async reset(email: string, address: string): Promise<void> {
      await deleteAttempts(db.kysely, keys(email, address).client);
    },

    /** Deletes counts that no longer matter (window over, no running lock); returns how many. */
    async sweep(): Promise<number> {
      const now = clock.now();
      const windowStartedBefore = addMinutes(now, -policy.windowMinutes).toISOString();
      return deleteFinishedAttempts(db.kysely, policy.scope, windowStartedBefore, now.toISOString());
    },
  };
}
