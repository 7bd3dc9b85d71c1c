import type { AppContext } from '../../context';
import { addMinutes } from '../../lib/clock';
import { createLockout, lockoutPolicy } from '../auth/lockout.service';
import { deleteUnverifiedAccounts } from './users.repository';

/** An unverified account is removed after this many days without a registration or a new link. */
export const UNVERIFIED_ACCOUNT_DAYS = 7;

/** How often each instance sweeps. */
export const SWEEP_INTERVAL_MS = 60 * 60_000;

type SweepDeps = Pick<AppContext, 'db' | 'clock'>;

/**
 * Removes the unverified accounts left alone for 7 days, links included. Every link lives 24 hours and every
 * registration or new link renews the account, so a link that still works is never cut short.
 */
export async function sweepUnverifiedAccounts(deps: SweepDeps): Promise<number> {
  const cutoff = addMinutes(deps.clock.now(), -UNVERIFIED_ACCOUNT_DAYS * 24 * 60).toISOString();
  return deleteUnverifiedAccounts(deps.db.kysely, cutoff);
}

/** One sweep: unverified accounts, then the failed-login counts that no longer count. */
export async function sweepAccounts(
  deps: SweepDeps & Pick<AppContext, 'config'>,
): Promise<{ unverifiedAccounts: number; loginCounts: number }> {
  const unverifiedAccounts = await sweepUnverifiedAccounts(deps);
  let loginCounts = 0;
  for (const scope of ['user', 'admin'] as const) {
    const lockout = createLockout(deps.db, deps.clock, lockoutPolicy(scope, deps.config.lockoutAccountCeiling));
    loginCounts += await lockout.sweep();
  }
  return { unverifiedAccounts, loginCounts };
}

/**
 * Sweeps right after start, then every hour, until the returned stop function is called (it waits for a sweep
 * in progress). Several instances may sweep at the same time: each delete only takes rows that no longer count
 * and is decided row by row by the database, so a second sweep finds nothing more. A failed sweep is logged and
 * tried again at the next hour.
 */
export function startAccountSweep(ctx: SweepDeps & Pick<AppContext, 'config' | 'log'>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepAccounts(ctx)
      .then(
        (removed) => {
          if (removed.unverifiedAccounts || removed.loginCounts) ctx.log.info({ removed }, 'account sweep');
        },
        (error: unknown) => ctx.log.warn({ err: error }, 'account sweep failed; trying again in an hour'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 0);
  const every = setInterval(run, SWEEP_INTERVAL_MS);
  first.unref();
  every.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
