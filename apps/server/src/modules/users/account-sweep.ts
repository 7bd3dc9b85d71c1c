import type { AppContext } from '../../context';
import { addMinutes } from '../../lib/clock';
import { startPeriodicCleanup } from '../../lib/periodic';
import { createLockout, lockoutPolicy, sweepRevokedTokens } from '../auth';
import { sweepPasswordResets } from './password-reset.service';
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

/**
 * One sweep: unverified accounts, the failed-login counts that no longer count, the ids of revoked tokens that
 * have expired anyway, and password reset links older than a day.
 */
export async function sweepAccounts(deps: SweepDeps & Pick<AppContext, 'config'>): Promise<{
  unverifiedAccounts: number;
  loginCounts: number;
  revokedTokens: number;
  passwordResets: number;
}> {
  const unverifiedAccounts = await sweepUnverifiedAccounts(deps);
  let loginCounts = 0;
  for (const scope of ['user', 'admin'] as const) {
    const lockout = createLockout(deps.db, deps.clock, lockoutPolicy(scope, deps.config.lockoutAccountCeiling));
    loginCounts += await lockout.sweep();
  }
  const revokedTokens = await sweepRevokedTokens(deps);
  const passwordResets = await sweepPasswordResets(deps);
  return { unverifiedAccounts, loginCounts, revokedTokens, passwordResets };
}

/** Sweeps right after start, then every hour, until the returned stop function is called. */
export function startAccountSweep(ctx: SweepDeps & Pick<AppContext, 'config' | 'log'>): () => Promise<void> {
  return startPeriodicCleanup(ctx.log, 'account sweep', SWEEP_INTERVAL_MS, () => sweepAccounts(ctx));
}
