import {
  MAX_ACTIVE_SURVEYS,
  PERSONAL_WORKSPACE_NAME,
  WORKSPACE_LIMITS,
  type Workspace,
  type WorkspaceListResponse,
  type WorkspaceMember,
  type WorkspaceMemberListResponse,
  type UpdateMemberBody,
  type WorkspaceBody,
  type WorkspaceRole,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { announceAccessEnded } from '../../events/live-events';
import { auditActor } from '../../lib/audit';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { reachWorkspace, requireTeamOwner } from './workspace-access';
import {
  countMembers,
  deleteMember,
  findMember,
  insertMember,
  listMembers,
  updateMemberRole,
  type MemberRow,
} from './workspace-members.repository';
import {
  countWorkspacesOfMember,
  deleteWorkspaceRows,
  findAccount,
  findWorkspace,
  insertWorkspace,
  listWorkspacesOfMember,
  lockAccount,
  lockWorkspace,
  moveSurveysToCreators,
  renameWorkspace,
  stopNotificationsOfCreator,
  type WorkspaceRow,
} from './workspaces.repository';

export type WorkspacesDeps = Pick<AppContext, 'db' | 'clock' | 'audit' | 'liveEvents' | 'workspaceSurveys'>;

/** Names in the order people read them, the same on every database. */
const byName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);

export function teamWorkspace(
  row: Pick<WorkspaceRow, 'id' | 'name' | 'created_at'>,
  role: WorkspaceRole,
  memberCount: number,
): Workspace {
  return { id: row.id, name: row.name, role, personal: false, memberCount, createdAt: row.created_at };
}

function memberFromRow(row: MemberRow): WorkspaceMember {
  return { userId: row.user_id, name: row.name, email: row.email, role: row.role, joinedAt: row.created_at };
}

/** Owners first, then by name. */
function sortMembers(members: MemberRow[]): MemberRow[] {
  return [...members].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || byName(a.name, b.name));
}

/**
 * Workspaces and their members: listing, creating, renaming and deleting team workspaces, changing a member's
 * role, removing a member or leaving. Each change is decided from the caller's role read at that moment, runs in
 * one transaction with the workspace's row locked (PostgreSQL) so the "at least one owner" rule holds under
 * concurrency, and is recorded in the audit log once stored. Whoever loses their membership (removed, leaving, the
 * workspace deleted) loses the live results streams they have open on its surveys, on every instance.
 */
export function createWorkspacesService(deps: WorkspacesDeps) {
  const { db, clock, audit, liveEvents, workspaceSurveys } = deps;

  return {
    /** GET /api/workspaces: the personal workspace first, then team workspaces by name, and the active limit. */
    async list(principal: Principal): Promise<WorkspaceListResponse> {
      const [account, rows, launched] = await Promise.all([
        findAccount(db.kysely, principal.id),
        listWorkspacesOfMember(db.kysely, principal.id),
        workspaceSurveys.countActive(db.kysely, principal.id, clock.now().toISOString()),
      ]);
      if (!account) throw new UnauthorizedError('INVALID_TOKEN');
      const personal: Workspace = {
        id: principal.id,
        name: PERSONAL_WORKSPACE_NAME,
        role: 'owner',
        personal: true,
        memberCount: 1,
        createdAt: account.created_at,
      };
      const teams = [...rows]
        .sort((a, b) => byName(a.name, b.name) || (a.id < b.id ? -1 : 1))
        .map((row) => teamWorkspace(row, row.role, row.member_count));
      return { workspaces: [personal, ...teams], activeSurveys: { launched, limit: MAX_ACTIVE_SURVEYS } };
    },

    /** POST /api/workspaces: a team workspace with the caller as its owner. */
    async create(principal: Principal, body: WorkspaceBody, address: string): Promise<Workspace> {
      const name = body.name.trim();
      const now = clock.now().toISOString();
      const row: WorkspaceRow = { id: newId(), name, created_by: principal.id, created_at: now, updated_at: now };
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await lockAccount(trx, db.dialect, principal.id))) throw new UnauthorizedError('INVALID_TOKEN');
        if ((await countWorkspacesOfMember(trx, principal.id)) >= WORKSPACE_LIMITS.workspacesPerUser) {
          throw new ConflictError('WORKSPACE_LIMIT_REACHED', { limit: WORKSPACE_LIMITS.workspacesPerUser });
        }
        await insertWorkspace(trx, row);
        await insertMember(trx, { workspace_id: row.id, user_id: principal.id, role: 'owner', created_at: now });
      });
      await audit.record({
        type: 'workspace.created',
        actor: auditActor(principal),
        address,
        target: { type: 'workspace', id: row.id },
        details: { name },
      });
      return teamWorkspace(row, 'owner', 1);
    },

    /** PATCH /api/workspaces/:workspaceId (owners of a team workspace). */
    async rename(principal: Principal, workspaceId: string, body: WorkspaceBody, address: string): Promise<Workspace> {
      const name = body.name.trim();
      const { workspace, from, memberCount } = await db.kysely.transaction().execute(async (trx) => {
        const { row } = requireTeamOwner(
          await reachWorkspace(trx, principal, workspaceId, (id) => lockWorkspace(trx, db.dialect, id)),
        );
        const now = clock.now().toISOString();
        await renameWorkspace(trx, workspaceId, name, now);
        const { members } = await countMembers(trx, workspaceId);
        return { workspace: { ...row, name, updated_at: now }, from: row.name, memberCount: members };
      });
      if (from !== name) {
        await audit.record({
          type: 'workspace.renamed',
          actor: auditActor(principal),
          address,
          target: { type: 'workspace', id: workspaceId },
          details: { from, to: name },
        });
      }
      return teamWorkspace(workspace, 'owner', memberCount);
    },

    /**
     * DELETE /api/workspaces/:workspaceId (owners of a team workspace), in one transaction: its surveys become
     * deleted and move to their creators' personal workspaces (an administrator can restore them there); a survey
     * whose creator's account is gone is removed for good with its data; the members and invitations go.
     */
    async remove(principal: Principal, workspaceId: string, address: string): Promise<void> {
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const { row } = requireTeamOwner(
          await reachWorkspace(trx, principal, workspaceId, (id) => lockWorkspace(trx, db.dialect, id)),
        );
        const members = await listMembers(trx, workspaceId);
        const moved = await moveSurveysToCreators(trx, workspaceId, clock.now().toISOString());
        const removed = await workspaceSurveys.removeAll(trx, [workspaceId]);
        await deleteWorkspaceRows(trx, [workspaceId]);
        return { name: row.name, moved, removed: removed.surveys, members };
      });
      for (const member of outcome.members) announceAccessEnded(liveEvents, { type: 'user', id: member.user_id });
      await audit.record({
        type: 'workspace.deleted',
        actor: auditActor(principal),
        address,
        target: { type: 'workspace', id: workspaceId },
        details: { name: outcome.name, surveysMoved: outcome.moved, surveysRemoved: outcome.removed },
      });
    },

    /** GET /api/workspaces/:workspaceId/members (any member): owners first, then by name. */
    async members(principal: Principal, workspaceId: string): Promise<WorkspaceMemberListResponse> {
      const reached = await reachWorkspace(db.kysely, principal, workspaceId, (id) => findWorkspace(db.kysely, id));
      if (reached.personal) {
        const account = await findAccount(db.kysely, principal.id);
        if (!account) throw new UnauthorizedError('INVALID_TOKEN');
        return {
          members: [
            {
              userId: account.id,
              name: account.name,
              email: account.email,
              role: 'owner',
              joinedAt: account.created_at,
            },
          ],
        };
      }
      return { members: sortMembers(await listMembers(db.kysely, workspaceId)).map(memberFromRow) };
    },

    /** PATCH /api/workspaces/:workspaceId/members/:userId (owners): a workspace keeps at least one owner. */
    async changeRole(
      principal: Principal,
      workspaceId: string,
      userId: string,
      { role }: UpdateMemberBody,
      address: string,
    ): Promise<WorkspaceMember> {
      const { member, from } = await db.kysely.transaction().execute(async (trx) => {
        requireTeamOwner(await reachWorkspace(trx, principal, workspaceId, (id) => lockWorkspace(trx, db.dialect, id)));
        const member = await findMember(trx, workspaceId, userId);
        if (!member) throw new NotFoundError('WORKSPACE_MEMBER_NOT_FOUND');
        if (member.role === 'owner' && role !== 'owner' && (await countMembers(trx, workspaceId)).owners <= 1) {
          throw new ConflictError('WORKSPACE_LAST_OWNER');
        }
        if (member.role !== role) await updateMemberRole(trx, workspaceId, userId, role);
        return { member: { ...member, role }, from: member.role };
      });
      if (from !== role) {
        await audit.record({
          type: 'workspace.member.role_changed',
          actor: auditActor(principal),
          address,
          target: { type: 'workspace', id: workspaceId },
          details: { memberId: userId, from, to: role },
        });
      }
      return memberFromRow(member);
    },

    /**
     * DELETE /api/workspaces/:workspaceId/members/:userId: owners remove anyone, and any member may remove
     * themself (leave). The last owner can do neither. Access ends at once (the membership is read on every
     * request); the surveys the member created stay with the workspace, their response emails turned off.
     */
    async removeMember(principal: Principal, workspaceId: string, userId: string, address: string): Promise<void> {
      const leaving = userId === principal.id;
      const removed = await db.kysely.transaction().execute(async (trx) => {
        const reached = await reachWorkspace(trx, principal, workspaceId, (id) => lockWorkspace(trx, db.dialect, id));
        if (reached.personal) throw new ConflictError('WORKSPACE_PERSONAL');
        if (!leaving) requireTeamOwner(reached);
        const member = await findMember(trx, workspaceId, userId);
        if (!member) throw new NotFoundError('WORKSPACE_MEMBER_NOT_FOUND');
        if (member.role === 'owner' && (await countMembers(trx, workspaceId)).owners <= 1) {
          throw new ConflictError('WORKSPACE_LAST_OWNER');
        }
        await deleteMember(trx, workspaceId, userId);
        await stopNotificationsOfCreator(trx, userId, workspaceId);
        return member;
      });
      await audit.record({
        type: leaving ? 'workspace.member.left' : 'workspace.member.removed',
        actor: auditActor(principal),
        address,
        target: { type: 'workspace', id: workspaceId },
        details: { memberId: userId, role: removed.role },
      });
      announceAccessEnded(liveEvents, { type: 'user', id: userId });
    },
  };
}
