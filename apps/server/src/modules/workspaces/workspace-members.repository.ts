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
