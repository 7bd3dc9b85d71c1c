import type { Kysely, Transaction } from 'kysely';
import type { WorkspaceRole } from '@quorum/contract';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The role `userId` has in `workspaceId`, or undefined when they are not a member. A personal workspace's id is
 * its owner's id, so its owner is its owner without a query; anyone else is not a member of it.
 */
export async function findWorkspaceRole(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | undefined> {
  if (workspaceId === userId) return 'owner';
  const row = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/** A member of a team workspace, with their account's name and email. */
export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  created_at: string;
}

/** The members of a team workspace (unordered). */
export async function listMembers(db: Executor, workspaceId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .execute();
}

export async function findMember(db: Executor, workspaceId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the account with `email` (lower-case) is a member of the workspace. */
export async function isMemberByEmail(db: Executor, workspaceId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.workspace_id', '=', workspaceId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  return Boolean(row);
}

/** Adds a member; a member already there keeps their role. */
export async function insertMember(
  trx: Executor,
  row: { workspace_id: string; user_id: string; role: WorkspaceRole; created_at: string },
): Promise<void> {
  await trx
    .insertInto('workspace_members')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

export async function updateMemberRole(
  trx: Executor,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await trx
    .updateTable('workspace_members')
    .set({ role })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(trx: Executor, workspaceId: string, userId: string): Promise<void> {
  await trx
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/** Members of the workspace, and how many of them are owners. */
export async function countMembers(db: Executor, workspaceId: string): Promise<{ members: number; owners: number }> {
  const rows = await db
    .selectFrom('workspace_members')
    .select(['role', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .groupBy('role')
    .execute();
  let members = 0;
  let owners = 0;
  for (const row of rows) {
    members += Number(row.n);
    if (row.role === 'owner') owners += Number(row.n);
  }
  return { members, owners };
}

/** A user's memberships of team workspaces, with each workspace's name and its numbers of members and owners. */
export interface MembershipRow {
  workspace_id: string;
  name: string;
  role: WorkspaceRole;
  members: number;
  owners: number;
}

export async function listMembershipsOf(db: Executor, userId: string): Promise<MembershipRow[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select((eb) => [
      'm.workspace_id',
      'w.name',
      'm.role',
      eb
        .selectFrom('workspace_members as a')
        .select((inner) => inner.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('a.workspace_id', '=', 'm.workspace_id')
        .as('members'),
      eb
        .selectFrom('workspace_members as o')
        .select((inner) => inner.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('o.workspace_id', '=', 'm.workspace_id')
        .where('o.role', '=', 'owner')
        .as('owners'),
    ])
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    workspace_id: row.workspace_id,
    name: row.name,
    role: row.role,
    members: Number(row.members ?? 0),
    owners: Number(row.owners ?? 0),
  }));
}

/** Account deletion: every membership the user has left. */
export async function deleteMembershipsOf(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('workspace_members').where('user_id', '=', userId).execute();
}
