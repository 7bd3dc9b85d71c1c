import type { ApiKeyScope } from './api-keys';
import type { WorkspaceRole } from './workspaces';

/**
 * Who may do what: every role's permissions as one table, read by the server's survey policy and workspace checks
 * and by the web app (which hides what the server would refuse). A new action is one entry; a new role is one
 * column in each entry (the types refuse an entry that lacks it).
 *
 * The table says whether a role may do an action at all. The rest of a decision is the server's: a deleted survey
 * is gone for users, editing is for draft and active surveys, restoring is from deleted only, and who is refused
 * with which answer (404, 403 or 409).
 */

/** Who a decision is for: a member of a workspace by their role there, or an administrator (a member of none). */
export type PermissionRole = WorkspaceRole | 'admin';

/**
 * One action: whether each role may do it, and the scope an API key needs for it. A key acts as its owner, a user,
 * so it may do what both its owner's role and its scopes allow; `null`: never with an API key, a session only.
 */
export type Permission = Readonly<Record<PermissionRole, boolean>> & { readonly apiKey: ApiKeyScope | null };

export const PERMISSIONS = {
  // --- A survey ---------------------------------------------------------------------------------------------------
  /** Create a survey in the workspace: by hand or by duplicating one, or generated (that route takes no API key). */
  create: { owner: true, editor: true, viewer: false, admin: false, apiKey: 'surveys:write' },
  /** See a survey and its preview. */
  view: { owner: true, editor: true, viewer: true, admin: true, apiKey: 'surveys:read' },
  /** Save changes to a survey, translate it (that route takes no API key). */
  edit: { owner: true, editor: true, viewer: false, admin: false, apiKey: 'surveys:write' },
  /** Launch, pause, resume, close. */
  'change-state': { owner: true, editor: true, viewer: false, admin: false, apiKey: 'surveys:write' },
  /** Move a survey to deleted. */
  delete: { owner: true, editor: true, viewer: false, admin: false, apiKey: 'surveys:write' },
  /** Bring a deleted survey back as a draft: administrators only (a key acts as a user, so never with a key). */
  restore: { owner: false, editor: false, viewer: false, admin: true, apiKey: 'surveys:write' },

  // --- Its results and responses ----------------------------------------------------------------------------------
  /** See the results, the responses one by one, their live updates and text insights. */
  'view-results': { owner: true, editor: true, viewer: true, admin: true, apiKey: 'responses:read' },
  /** Download the results (CSV, XLSX). */
  'export-results': { owner: true, editor: true, viewer: true, admin: true, apiKey: 'responses:read' },
  /** Delete a response. */
  'delete-responses': { owner: true, editor: true, viewer: false, admin: false, apiKey: 'responses:write' },

  // --- Its shared report ------------------------------------------------------------------------------------------
  /** Share the results as a public report, change or stop sharing them. */
  'share-results': { owner: true, editor: true, viewer: false, admin: false, apiKey: null },
  /** See the shared report's link: a bearer secret that would outlast a viewer's membership. */
  'see-share-link': { owner: true, editor: true, viewer: false, admin: true, apiKey: null },

  // --- Its webhooks -----------------------------------------------------------------------------------------------
  /**
   * Create, see, change and delete a survey's webhooks and their deliveries. With an API key the routes that only
   * read them take `surveys:read`, and whatever sends or shows responses takes `view-results`' scope as well.
   */
  'manage-webhooks': { owner: true, editor: true, viewer: false, admin: false, apiKey: 'surveys:write' },

  // --- A team workspace -------------------------------------------------------------------------------------------
  /**
   * Rename and delete the workspace, invite people, change members' roles and remove members (any member may leave).
   * Administrators are members of no workspace.
   */
  'manage-workspace': { owner: true, editor: false, viewer: false, admin: false, apiKey: null },
} as const satisfies Record<string, Permission>;

export type PermissionAction = keyof typeof PERMISSIONS;

/**
 * May `who` do `action`? A role reads its column; an API key (`{ scopes }`) needs the action's scope; no role (not a
 * member) may do nothing. For a key, ask for its owner's role too: the key may do what both allow.
 */
export function can(
  who: PermissionRole | { readonly scopes: readonly ApiKeyScope[] } | null | undefined,
  action: PermissionAction,
): boolean {
  if (who === null || who === undefined) return false;
  const permission: Permission = PERMISSIONS[action];
  if (typeof who === 'string') return permission[who];
  return permission.apiKey !== null && who.scopes.includes(permission.apiKey);
}
