import {
  WORKSPACE_LIMITS,
  type CreateInvitationBody,
  type Invitation,
  type InvitationListResponse,
  type InvitationPreview,
  type Workspace,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { addMinutes } from '../../lib/clock';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { invitationEmail, invitationLink } from '../../mail/workspace-emails';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens';
import { reachWorkspace, requireTeamOwner } from './workspace-access';
import {
  findInvitationByHash,
  insertInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  revokeInvitation,
  revokeInvitationsToEmail,
  countPendingInvitations,
  type InvitationRow,
  type InvitationViewRow,
} from './workspace-invitations.repository';
import { countMembers, findWorkspaceRole, insertMember, isMemberByEmail } from './workspace-members.repository';
import { countWorkspacesOfMember, findWorkspace, lockWorkspace } from './workspaces.repository';
import { teamWorkspace } from './workspaces.service';

export type InvitationsDeps = Pick<AppContext, 'db' | 'clock' | 'audit' | 'mailer' | 'config'>;

function invitationFromRow(row: InvitationRow, inviterName: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: inviterName === null ? null : { id: row.invited_by, name: inviterName },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Why a link no longer works, or undefined while it does: revoked (or unknown) 404, used 409, expired 410.
 * A used link says so even once it would have expired.
 */
function linkRefusal(row: InvitationRow | undefined, now: Date): AppError | undefined {
  if (!row || row.revoked_at) return new NotFoundError('INVITATION_NOT_FOUND');
  if (row.accepted_at) return new ConflictError('INVITATION_USED');
  if (new Date(row.expires_at) <= now) return new AppError(410, 'INVITATION_EXPIRED');
  return undefined;
}

/**
 * Invitations to team workspaces. Owners invite by email; the mail carries `{PUBLIC_URL}/invitations/{token}`,
 * a 32-byte random token of which only the SHA-256 is stored. The link works once, for WORKSPACE_LIMITS
 * .invitationDays days, for a signed-in account with the invited email; inviting the same email again replaces the
 * pending invitation, and owners may revoke one.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db, clock, audit, mailer, config } = deps;

  async function usableInvitation(token: string): Promise<InvitationViewRow> {
    const row = await findInvitationByHash(db.kysely, hashLinkToken(token));
    const refusal = linkRefusal(row, clock.now());
    if (refusal || !row) throw refusal ?? new NotFoundError('INVITATION_NOT_FOUND');
    return row;
  }

  return {
    /** POST /api/workspaces/:workspaceId/invitations (owners of a team workspace): stores it, then mails the link. */
    async create(
      principal: Principal,
      workspaceId: string,
      body: CreateInvitationBody,
      address: string,
    ): Promise<Invitation> {
      const email = body.email.trim().toLowerCase();
      const now = clock.now();
      const { token, hash } = newLinkToken();
      const row: InvitationRow = {
        id: newId(),
        workspace_id: workspaceId,
        email,
        role: body.role,
        token_hash: hash,
        invited_by: principal.id,
        created_at: now.toISOString(),
        expires_at: addMinutes(now, WORKSPACE_LIMITS.invitationDays * 24 * 60).toISOString(),
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      };
      const { workspaceName, replaced } = await db.kysely.transaction().execute(async (trx) => {
        const { row: workspace } = requireTeamOwner(
          await reachWorkspace(trx, principal, workspaceId, (id) => lockWorkspace(trx, db.dialect, id)),
        );
        if (await isMemberByEmail(trx, workspaceId, email))
          throw new ConflictError('WORKSPACE_ALREADY_MEMBER', { email });
        const replaced = await revokeInvitationsToEmail(trx, workspaceId, email, row.created_at);
        const { members } = await countMembers(trx, workspaceId);
        const pending = await countPendingInvitations(trx, workspaceId, row.created_at);
        if (members + pending >= WORKSPACE_LIMITS.membersPerWorkspace) {
          throw new ConflictError('WORKSPACE_MEMBER_LIMIT', { limit: WORKSPACE_LIMITS.membersPerWorkspace });
        }
        await insertInvitation(trx, row);
        return { workspaceName: workspace.name, replaced };
      });
      mailer.deliver(
        invitationEmail({
          to: email,
          inviterName: principal.name,
          workspaceName,
          role: row.role,
          link: invitationLink(config.publicUrl, token),
          expiresAt: new Date(row.expires_at),
        }),
        'workspace invitation',
      );
      await audit.record({
        type: 'workspace.invitation.created',
        actor: auditActor(principal),
        address,
        target: { type: 'workspace', id: workspaceId },
        details: { invitationId: row.id, email, role: row.role, replaced },
      });
      return invitationFromRow(row, principal.name);
    },

    /** GET /api/workspaces/:workspaceId/invitations (owners): the pending ones, newest first. */
    async list(principal: Principal, workspaceId: string): Promise<InvitationListResponse> {
      const reached = await reachWorkspace(db.kysely, principal, workspaceId, (id) => findWorkspace(db.kysely, id));
      if (reached.personal) return { invitations: [] };
      requireTeamOwner(reached);
      const rows = await listPendingInvitations(db.kysely, workspaceId, clock.now().toISOString());
      return { invitations: rows.map((row) => invitationFromRow(row, row.inviter_name)) };
    },

    /** DELETE /api/workspaces/:workspaceId/invitations/:invitationId (owners): a pending one stops working. */
    async revoke(principal: Principal, workspaceId: string, invitationId: string, address: string): Promise<void> {
      const revoked = await db.kysely.transaction().execute(async (trx) => {
        requireTeamOwner(await reachWorkspace(trx, principal, workspaceId, (id) => lockWorkspace(trx, db.dialect, id)));
        const row = await revokeInvitation(trx, workspaceId, invitationId, clock.now().toISOString());
        if (!row) throw new NotFoundError('INVITATION_ID_NOT_FOUND');
        return row;
      });
      await audit.record({
        type: 'workspace.invitation.revoked',
        actor: auditActor(principal),
        address,
        target: { type: 'workspace', id: workspaceId },
        details: { invitationId, email: revoked.email, role: revoked.role },
      });
    },

    /** GET /api/invitations/:token (anyone holding the link): what it offers, before signing in. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await usableInvitation(token);
      return {
        workspace: { id: row.workspace_id, name: row.workspace_name },
        email: row.email,
        role: row.role,
        invitedBy: row.inviter_name === null ? null : { id: row.invited_by, name: row.inviter_name },
        expiresAt: row.expires_at,
      };
    },

    /**
     * POST /api/invitations/:token/accept (signed in with the invited email): in one transaction, one conditional
     * update marks the invitation used (of two accepts at once, one wins), then the caller becomes a member with
     * the invited role. Someone already a member keeps their role; the invitation is used all the same.
     */
    async accept(principal: Principal, token: string, address: string): Promise<Workspace> {
      const invitation = await usableInvitation(token);
      if (invitation.email !== principal.email.trim().toLowerCase()) {
        throw new ForbiddenError('INVITATION_EMAIL_MISMATCH', { email: invitation.email });
      }
      const joined = await db.kysely.transaction().execute(async (trx) => {
        const workspace = await lockWorkspace(trx, db.dialect, invitation.workspace_id);
        if (!workspace) throw new NotFoundError('INVITATION_NOT_FOUND');
        const current = await findWorkspaceRole(trx, workspace.id, principal.id);
        if (!current && (await countWorkspacesOfMember(trx, principal.id)) >= WORKSPACE_LIMITS.workspacesPerUser) {
          throw new ConflictError('WORKSPACE_LIMIT_REACHED', { limit: WORKSPACE_LIMITS.workspacesPerUser });
        }
        const now = clock.now();
        if (!(await markInvitationAccepted(trx, invitation.id, principal.id, now.toISOString()))) {
          // Used, revoked or expired since it was read: the refusal it now earns.
          throw (
            linkRefusal(await findInvitationByHash(trx, invitation.token_hash), now) ??
            new ConflictError('INVITATION_USED')
          );
        }
        if (!current) {
          await insertMember(trx, {
            workspace_id: workspace.id,
            user_id: principal.id,
            role: invitation.role,
            created_at: now.toISOString(),
          });
        }
        const { members } = await countMembers(trx, workspace.id);
        return { workspace, role: current ?? invitation.role, members, alreadyMember: Boolean(current) };
      });
      await audit.record({
        type: 'workspace.invitation.accepted',
        actor: auditActor(principal),
        address,
        target: { type: 'workspace', id: joined.workspace.id },
        details: {
          invitationId: invitation.id,
          email: invitation.email,
          role: joined.role,
          alreadyMember: joined.alreadyMember,
        },
      });
      return teamWorkspace(joined.workspace, joined.role, joined.members);
    },
  };
}
