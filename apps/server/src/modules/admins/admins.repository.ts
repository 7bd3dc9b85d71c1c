import type { Kysely } from 'kysely';
import type { AdminsTable, Database } from '../../db/schema';

export type AdminRow = AdminsTable;

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Inserts an administrator; false when the email is already taken (also under a concurrent insert). */
export async function insertAdmin(db: Kysely<Database>, row: AdminRow): Promise<boolean> {
  const result = await db
    .insertInto('admins')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Updates the name and, when given, the password hash (bumping the token version). */
export async function updateAdminAccount(
  db: Kysely<Database>,
  id: string,
  changes: { name: string; passwordHash?: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('admins')
    .set((eb) => ({
      name: changes.name,
      updated_at: now,
      ...(changes.passwordHash
        ? { password_hash: changes.passwordHash, token_version: eb('token_version', '+', 1) }
        : {}),
    }))
    .where('id', '=', id)
    .execute();
}
