import { WORKSPACE_ROLES, type WorkspaceRole } from '@quorum/contract';

export const ROLE_LABELS: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What each role may do, in a line each (the select's hint and the invitation page). */
export const ROLE_DESCRIPTIONS: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'Everything, including members, invitations and deleting the workspace.',
  editor: 'Creates, edits, launches and deletes surveys; sees and exports results.',
  viewer: 'Sees surveys and results and exports them; changes nothing.',
};

export const ROLE_OPTIONS = WORKSPACE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** "an editor", "a viewer", "an owner". */
export const withArticle = (role: WorkspaceRole) =>
  `${role === 'owner' || role === 'editor' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}`;
