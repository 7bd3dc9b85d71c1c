import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceInvitationsTable } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type InvitationRow = WorkspaceInvitationsTable;

/** An invitation with the name of who sent it (null once their account is gone) and its workspace's name. */
export interface InvitationViewRow extends InvitationRow {
  inviter_name: string | null;
  workspace_name: string;
}

export async function insertInvitation(trx: Executor, row: InvitationRow): Promise<void> {
  await trx.insertInto('workspace_invitations').values(row).execute();
}

function selectInvitations(db: Executor) {
  return db
    .selectFrom('workspace_invitations as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['u.name as inviter_name', 'w.name as workspace_name']);
}

/** The invitation a link's token stands for (by the token's hash), whatever its state. */
export async function findInvitationByHash(db: Executor, tokenHash: string): Promise<InvitationViewRow | undefined> {
  return selectInvitations(db).where('i.token_hash', '=', tokenHash).executeTakeFirst();
}

/** The workspace's invitations neither accepted, revoked nor expired at `now`, newest first. */
export async function listPendingInvitations(
  db: Executor,
  workspaceId: string,
  now: string,
): Promise<InvitationViewRow[]> {
  return selectInvitations(db)
    .where('i.workspace_id', '=', workspaceId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

export async function countPendingInvitations(db: Executor, workspaceId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('workspace_invitations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes the pending invitation `invitationId` of the workspace; the row revoked, or undefined when none was. */
export async function revokeInvitation(
  trx: Executor,
  workspaceId: string,
  invitationId: string,
  now: string,
): Promise<InvitationRow | undefined> {
  const row = await trx
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('id', '=', invitationId)
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await trx
    .updateTable('workspace_invitations')
    .set({ revoked_at: now })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row : undefined;
}

/** Revokes every pending invitation of the workspace to `email` (a new one replaces them). */
export async function revokeInvitationsToEmail(
  trx: Executor,
  workspaceId: string,
  email: string,
  now: string,
): Promise<number> {
  const result = await trx
    .updateTable('workspace_invitations')
    .set({ revoked_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Account deletion: the invitations the user sent that nobody has accepted yet are revoked. */
export async function revokeInvitationsSentBy(trx: Executor, userId: string, now: string): Promise<void> {
  await trx
    .updateTable('workspace_invitations')
    .set({ revoked_at: now })
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Uses an invitation: one conditional update, so of two accepts at the same moment exactly one marks it (the other
 * updates nothing). Answers whether this call did.
 */
export async function markInvitationAccepted(
  trx: Executor,
  invitationId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('workspace_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
