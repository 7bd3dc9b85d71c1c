import { can, type WorkspaceRole } from '@quorum/contract';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { findWorkspaceRole } from './workspace-members.repository';
import type { WorkspaceRow } from './workspaces.repository';

/** A workspace as the caller reaches it: their personal one (no row), or a team one they are a member of. */
export type ReachedWorkspace = { personal: true } | { personal: false; row: WorkspaceRow; role: WorkspaceRole };

type Executor = Parameters<typeof findWorkspaceRole>[0];

/**
 * The workspace `workspaceId` as `principal` reaches it: their personal workspace (its id is theirs), or a team
 * workspace they are a member of, with their role, read now (no cache: a removed member is refused at once).
 * Anything else, an unknown id or someone else's workspace alike, is 404 WORKSPACE_NOT_FOUND.
 * `load` reads (and may lock) the workspace's row.
 */
export async function reachWorkspace(
  db: Executor,
  principal: Pick<Principal, 'id'>,
  workspaceId: string,
  load: (id: string) => Promise<WorkspaceRow | undefined>,
): Promise<ReachedWorkspace> {
  if (workspaceId === principal.id) return { personal: true };
  const row = await load(workspaceId);
  const role = row ? await findWorkspaceRole(db, workspaceId, principal.id) : undefined;
  if (!row || !role) throw new NotFoundError('WORKSPACE_NOT_FOUND');
  return { personal: false, row, role };
}

/**
 * A team workspace the caller may manage (`manage-workspace` in the contract's permission map: its owners): the
 * personal one is refused (409), a member whose role may not manage it too (403).
 */
export function requireTeamOwner(reached: ReachedWorkspace): { row: WorkspaceRow; role: WorkspaceRole } {
  if (reached.personal) throw new ConflictError('WORKSPACE_PERSONAL');
  if (!can(reached.role, 'manage-workspace')) {
    throw new ForbiddenError('WORKSPACE_ROLE_FORBIDDEN', { role: reached.role });
  }
  return reached;
}
