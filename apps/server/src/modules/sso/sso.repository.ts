import type { Kysely } from 'kysely';
import type { UserType } from '@quorum/contract';
import type { Db } from '../../db/database';
import type { Database, SsoCodesTable, SsoStatesTable, UsersTable } from '../../db/schema';

/** Stores a sign-in in progress. */
export async function insertSsoState(db: Kysely<Database>, row: SsoStatesTable): Promise<void> {
  await db.insertInto('sso_states').values(row).execute();
}

/** Removes and returns the sign-in in progress with this state hash: a state is used at most once. */
export async function takeSsoState(db: Kysely<Database>, stateHash: string): Promise<SsoStatesTable | undefined> {
  return db.deleteFrom('sso_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export async function insertSsoCode(db: Kysely<Database>, row: SsoCodesTable): Promise<void> {
  await db.insertInto('sso_codes').values(row).execute();
}

/** Removes and returns the one-time code with this hash: a code is traded at most once. */
export async function takeSsoCode(db: Kysely<Database>, codeHash: string): Promise<SsoCodesTable | undefined> {
  return db.deleteFrom('sso_codes').where('code_hash', '=', codeHash).returningAll().executeTakeFirst();
}

/** Drops the states and codes that expired before `now` (never used, so never taken). */
export async function deleteExpiredSsoRows(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('sso_states').where('expires_at', '<', now).execute();
  await db.deleteFrom('sso_codes').where('expires_at', '<', now).execute();
}

/** The account a provider's subject is linked to on one side. */
export async function findSsoIdentity(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
  side: UserType,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('sso_identities')
    .select('account_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .where('side', '=', side)
    .executeTakeFirst();
  return row?.account_id;
}

/** Links a provider's subject to an account (a link that is already there stays as it is). */
export async function linkSsoIdentity(
  db: Kysely<Database>,
  link: { issuer: string; subject: string; side: UserType; accountId: string; now: string },
): Promise<void> {
  await db
    .insertInto('sso_identities')
    .values({
      issuer: link.issuer,
      subject: link.subject,
      side: link.side,
      account_id: link.accountId,
      created_at: link.now,
    })
    .onConflict((oc) => oc.columns(['issuer', 'subject', 'side']).doNothing())
    .execute();
}

/** Forgets a link whose account is gone. */
export async function unlinkSsoIdentity(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
  side: UserType,
): Promise<void> {
  await db
    .deleteFrom('sso_identities')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .where('side', '=', side)
    .execute();
}

/** Forgets every single sign-on link of a deleted account. */
export async function deleteSsoIdentitiesOfAccount(
  db: Kysely<Database>,
  side: UserType,
  accountId: string,
): Promise<void> {
  await db.deleteFrom('sso_identities').where('side', '=', side).where('account_id', '=', accountId).execute();
}

export type SsoAccountRow = { id: string; name: string; email: string; token_version: number };

/** An account of either side by its id or its email, and whether its email is verified (administrators' always is). */
async function findSsoAccount(
  db: Kysely<Database>,
  side: UserType,
  column: 'id' | 'email',
  value: string,
): Promise<(SsoAccountRow & { verified: boolean }) | undefined> {
  if (side === 'admin') {
    const row = await db
      .selectFrom('admins')
      .select(['id', 'name', 'email', 'token_version'])
      .where(column, '=', value)
      .executeTakeFirst();
    return row && { ...row, verified: true };
  }
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'token_version', 'email_verified_at'])
    .where(column, '=', value)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      email: row.email,
      token_version: row.token_version,
      verified: Boolean(row.email_verified_at),
    }
  );
}

/** An account of either side by id. */
export const findSsoAccountById = (db: Kysely<Database>, side: UserType, id: string) =>
  findSsoAccount(db, side, 'id', id);

/** An account of either side by email. */
export const findSsoAccountByEmail = (db: Kysely<Database>, side: UserType, email: string) =>
  findSsoAccount(db, side, 'email', email);

/**
 * Creates a verified account that signs in through the provider (its password hash matches no password);
 * false when the email was taken in the meantime.
 */
export async function insertSsoAccount(
  db: Kysely<Database>,
  side: UserType,
  row: Omit<UsersTable, 'email_verified_at'> & { email_verified_at: string },
): Promise<boolean> {
  const { email_verified_at: verifiedAt, ...common } = row;
  const result =
    side === 'admin'
      ? await db
          .insertInto('admins')
          .values(common)
          .onConflict((oc) => oc.column('email').doNothing())
          .executeTakeFirst()
      : await db
          .insertInto('users')
          .values({ ...common, email_verified_at: verifiedAt })
          .onConflict((oc) => oc.column('email').doNothing())
          .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Takes over an unverified user account for the person the provider vouches for: verified now, with their name,
 * a password hash that matches no password, a new token version, and its pending registrations (and their links)
 * dropped, so whoever registered the address without reading its mail cannot get in. False when the account was
 * verified or removed in the meantime. One transaction.
 */
export async function claimUnverifiedUser(
  db: Db,
  id: string,
  changes: { name: string; passwordHash: string; now: string },
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({
        name: changes.name,
        password_hash: changes.passwordHash,
        email_verified_at: changes.now,
        updated_at: changes.now,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', id)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('email_verifications').where('user_id', '=', id).execute();
    return true;
  });
}
