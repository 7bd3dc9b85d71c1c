import type { Kysely, Transaction } from 'kysely';
import type { WorkspaceRole } from '@quorum/contract';
import type { Dialect } from '../../db/database';
import type { Database, WorkspacesTable } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type WorkspaceRow = WorkspacesTable;

/** A team workspace as one of its members sees it: their role and how many members it has. */
export interface MemberWorkspaceRow {
  id: string;
  name: string;
  created_at: string;
  role: WorkspaceRole;
  member_count: number;
}

/** An account as a workspace shows it. */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  created_at: string;
}

export async function insertWorkspace(trx: Executor, row: WorkspaceRow): Promise<void> {
  await trx.insertInto('workspaces').values(row).execute();
}

export async function findWorkspace(db: Executor, workspaceId: string): Promise<WorkspaceRow | undefined> {
  return db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst();
}

/**
 * The workspace's row, locked until the transaction ends on PostgreSQL (SQLite writes are serial): changes to its
 * members and invitations run one after the other, so the owner and size rules hold under concurrency.
 */
export async function lockWorkspace(
  trx: Transaction<Database>,
  dialect: Dialect,
  workspaceId: string,
): Promise<WorkspaceRow | undefined> {
  const query = trx.selectFrom('workspaces').selectAll().where('id', '=', workspaceId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's row, locked on PostgreSQL, so two requests counting the user's workspaces run one after the other. */
export async function lockAccount(trx: Transaction<Database>, dialect: Dialect, userId: string): Promise<boolean> {
  const query = trx.selectFrom('users').select('id').where('id', '=', userId);
  return Boolean(await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst());
}

export async function findAccount(db: Executor, userId: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function renameWorkspace(trx: Executor, workspaceId: string, name: string, now: string): Promise<void> {
  await trx.updateTable('workspaces').set({ name, updated_at: now }).where('id', '=', workspaceId).execute();
}

/** The team workspaces `userId` is a member of, with their role and the member count (unordered). */
export async function listWorkspacesOfMember(db: Executor, userId: string): Promise<MemberWorkspaceRow[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select((eb) => [
      'w.id',
      'w.name',
      'w.created_at',
      'm.role',
      eb
        .selectFrom('workspace_members as all_members')
        .select((inner) => inner.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('all_members.workspace_id', '=', 'w.id')
        .as('member_count'),
    ])
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0) }));
}

/** How many team workspaces `userId` is a member of. */
export async function countWorkspacesOfMember(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('workspace_members')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deleting a workspace, step one: its surveys whose creator still has an account become deleted and move to that
 * creator's personal workspace (an administrator can restore them there). Answers how many moved.
 */
export async function moveSurveysToCreators(trx: Executor, workspaceId: string, now: string): Promise<number> {
  const result = await trx
    .updateTable('surveys')
    .set((eb) => ({ state: 'deleted', workspace_id: eb.ref('user_id'), updated_at: now }))
    .where('workspace_id', '=', workspaceId)
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The workspaces' rows, their members and their invitations (their surveys must be gone or moved first). The
 * workspace rows go first: on PostgreSQL that waits for a change to their members under way (which locks the row),
 * so a member it adds is deleted too.
 */
export async function deleteWorkspaceRows(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  await trx.deleteFrom('workspaces').where('id', 'in', workspaceIds).execute();
  await trx.deleteFrom('workspace_members').where('workspace_id', 'in', workspaceIds).execute();
  await trx.deleteFrom('workspace_invitations').where('workspace_id', 'in', workspaceIds).execute();
}

/**
 * Response notifications off for the surveys `userId` created in `workspaceId` (they left it, or their account
 * goes): the mail would go to someone no longer in the workspace. Without `workspaceId`: in every workspace.
 */
export async function stopNotificationsOfCreator(trx: Executor, userId: string, workspaceId?: string): Promise<void> {
  let query = trx.updateTable('surveys').set({ notify_on_response: 'off' }).where('user_id', '=', userId);
  if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
  await query.where('notify_on_response', '!=', 'off').execute();
}
