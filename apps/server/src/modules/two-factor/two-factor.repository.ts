import type { Kysely } from 'kysely';
import type { UserType } from '@quorum/contract';
import type { Database, TwoFactorTable } from '../../db/schema';

export type TwoFactorRow = TwoFactorTable;

/** One account: users and administrators live in separate tables, so the role is part of the key. */
export interface AccountKey {
  role: UserType;
  id: string;
}

export async function findTwoFactor(db: Kysely<Database>, account: AccountKey): Promise<TwoFactorRow | undefined> {
  return db
    .selectFrom('two_factor')
    .selectAll()
    .where('role', '=', account.role)
    .where('account_id', '=', account.id)
    .executeTakeFirst();
}

/**
 * Keeps a new pending secret (replacing an older pending one) while two-factor sign-in is off; false when it
 * is on (then nothing changes).
 */
export async function savePendingSecret(
  db: Kysely<Database>,
  account: AccountKey,
  sealed: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('two_factor')
    .values({
      role: account.role,
      account_id: account.id,
      secret: null,
      pending_secret: sealed,
      last_used_step: null,
      enabled_at: null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['role', 'account_id'])
        .doUpdateSet({ pending_secret: sealed, updated_at: now })
        .where('two_factor.secret', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Puts the pending secret in force with the step of the code that proved it, and replaces the recovery codes,
 * in one transaction. Only succeeds while that pending secret is still the one waiting and nothing is in force.
 */
export async function enableTwoFactor(
  db: Kysely<Database>,
  account: AccountKey,
  change: { pending: string; step: number; codeHashes: string[]; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('two_factor')
      .set({
        secret: change.pending,
        pending_secret: null,
        last_used_step: change.step,
        enabled_at: change.now,
        updated_at: change.now,
      })
      .where('role', '=', account.role)
      .where('account_id', '=', account.id)
      .where('pending_secret', '=', change.pending)
      .where('secret', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .deleteFrom('two_factor_recovery_codes')
      .where('role', '=', account.role)
      .where('account_id', '=', account.id)
      .execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(
        change.codeHashes.map((code_hash) => ({
          role: account.role,
          account_id: account.id,
          code_hash,
          used_at: null,
          created_at: change.now,
        })),
      )
      .execute();
    return true;
  });
}

/** Turns two-factor sign-in off: the secret and every recovery code are deleted. */
export async function deleteTwoFactor(db: Kysely<Database>, account: AccountKey): Promise<void> {
  await db.transaction().execute((trx) => deleteTwoFactorRows(trx, account));
}

/** Deletes an account's two-factor secret and recovery codes, inside the caller's transaction. */
export async function deleteTwoFactorRows(db: Kysely<Database>, account: AccountKey): Promise<void> {
  await db
    .deleteFrom('two_factor_recovery_codes')
    .where('role', '=', account.role)
    .where('account_id', '=', account.id)
    .execute();
  await db.deleteFrom('two_factor').where('role', '=', account.role).where('account_id', '=', account.id).execute();
}

/**
 * Records `step` as the newest accepted time step, only when it is newer than the one recorded: of two requests
 * with the same code, one wins. False when the code was spent already (or two-factor sign-in is off).
 */
export async function claimTimeStep(db: Kysely<Database>, account: AccountKey, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step })
    .where('role', '=', account.role)
    .where('account_id', '=', account.id)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  account: AccountKey,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('role', '=', account.role)
    .where('account_id', '=', account.id)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, account: AccountKey): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', account.role)
    .where('account_id', '=', account.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
