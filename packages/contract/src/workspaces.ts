import { z } from 'zod';
import { emailSchema } from './auth';
import { NAME_MESSAGES, namedTextSchema } from './named-text';

/**
 * Workspaces (Teams): surveys belong to a workspace, and people work in it with a role.
 *
 * Every account has a personal workspace whose id is the account's own id: it has no row, no other members and
 * cannot be renamed, shared or deleted, so a person working alone sees no difference. Team workspaces are made
 * with `POST /api/workspaces` and have members, each with one role: `owner`, `editor` or `viewer`. What each may
 * do is the permission map (`PERMISSIONS` in permissions.ts): in short, owners everything, including members,
 * invitations, renaming and deleting the workspace; editors all of it but the workspace itself; viewers see surveys
 * and results and export them, and change nothing.
 */
export const WORKSPACE_ROLES = ['owner', 'editor', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES, {
  error: `role must be one of ${WORKSPACE_ROLES.join(', ')}`,
});
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

export const WORKSPACE_LIMITS = {
  /** Characters in a workspace's name. */
  name: 80,
  /** Team workspaces one account may belong to. */
  workspacesPerUser: 50,
  /** Members plus pending invitations of one workspace. */
  membersPerWorkspace: 100,
  /** Days an invitation link stays valid. */
  invitationDays: 7,
} as const;

/** The name the personal workspace is shown with (it has no stored name). */
export const PERSONAL_WORKSPACE_NAME = 'Personal';

export const workspaceIdParamsSchema = z.object({ workspaceId: z.string().min(1).max(100) });
export const workspaceMemberParamsSchema = workspaceIdParamsSchema.extend({ userId: z.string().min(1).max(100) });
export const workspaceInvitationParamsSchema = workspaceIdParamsSchema.extend({
  invitationId: z.string().min(1).max(100),
});
/** The token of an invitation link, `/invitations/{token}`. */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const workspaceNameSchema = namedTextSchema(WORKSPACE_LIMITS.name, {
  required: 'Workspace name is required',
  tooLong: `Workspace name must be at most ${WORKSPACE_LIMITS.name} characters`,
  forbidden: NAME_MESSAGES.workspaceNameControlCharacters,
});

/** `POST /api/workspaces` and `PATCH /api/workspaces/:workspaceId` (rename; owners, team workspaces only). */
export const workspaceBodySchema = z.object({ name: workspaceNameSchema });
export type WorkspaceBody = z.input<typeof workspaceBodySchema>;

/** A workspace as its member sees it, with the caller's role in it. */
export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
  /** True for the caller's personal workspace (its id is the caller's id). */
  personal: z.boolean(),
  /** Members, the personal workspace counting its owner. */
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Workspace = z.output<typeof workspaceSchema>;

/**
 * `GET /api/workspaces`: the caller's workspaces, the personal one first, then team workspaces by name.
 * `activeSurveys` counts the active surveys the caller launched, in every workspace, against the limit.
 */
export const workspaceListResponseSchema = z.object({
  workspaces: z.array(workspaceSchema),
  activeSurveys: z.object({ launched: z.number().int(), limit: z.number().int() }),
});
export type WorkspaceListResponse = z.output<typeof workspaceListResponseSchema>;

/** A person, as colleagues see them. */
export const personSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.output<typeof personSchema>;

export const workspaceMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.output<typeof workspaceMemberSchema>;

/** `GET /api/workspaces/:workspaceId/members`: any member may see who else is in the workspace. */
export const workspaceMemberListResponseSchema = z.object({ members: z.array(workspaceMemberSchema) });
export type WorkspaceMemberListResponse = z.output<typeof workspaceMemberListResponseSchema>;

/** `PATCH /api/workspaces/:workspaceId/members/:userId` (owners). */
export const updateMemberBodySchema = z.object({ role: workspaceRoleSchema });
export type UpdateMemberBody = z.input<typeof updateMemberBodySchema>;

/** `POST /api/workspaces/:workspaceId/invitations` (owners): mails `{PUBLIC_URL}/invitations/{token}`. */
export const createInvitationBodySchema = z.object({ email: emailSchema, role: workspaceRoleSchema });
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

/** A pending invitation, as the workspace's owners see it (never its token). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  invitedBy: personSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.output<typeof invitationSchema>;

export const invitationListResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export type InvitationListResponse = z.output<typeof invitationListResponseSchema>;

/**
 * `GET /api/invitations/:token`: what an invitation link offers, to anyone holding it (signed in or not), so
 * the page can say which workspace, which role and which email it is for before the invitee signs in.
 */
export const invitationPreviewSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string() }),
  email: z.string(),
  role: workspaceRoleSchema,
  invitedBy: personSchema.nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

// `POST /api/invitations/:token/accept` (signed in with the invited email) answers the workspace joined: a
// `workspaceSchema`.
