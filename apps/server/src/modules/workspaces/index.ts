// The workspaces module's face: what other modules may use of it (docs/architecture.md).
export { revokeInvitationsSentBy } from './workspace-invitations.repository';
export { deleteMembershipsOf, findWorkspaceRole, listMembershipsOf } from './workspace-members.repository';
export { deleteWorkspaceRows, stopNotificationsOfCreator } from './workspaces.repository';
export { workspacesRoutes } from './workspaces.routes';
