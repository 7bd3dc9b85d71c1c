import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInvitationBody,
  Invitation,
  InvitationListResponse,
  UpdateMemberBody,
  Workspace,
  WorkspaceBody,
  WorkspaceMemberListResponse,
} from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys, workspaceKeys } from '@/lib/query-keys';

const base = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

/** GET /api/workspaces/:workspaceId/members: any member sees who else is in the workspace. */
export const useMembers = (workspaceId: string, enabled = true) =>
  useQuery({
    queryKey: workspaceKeys.members(workspaceId),
    queryFn: () => api<WorkspaceMemberListResponse>(`${base(workspaceId)}/members`),
    enabled,
  });

/** GET /api/workspaces/:workspaceId/invitations: the pending invitations (owners). */
export const useInvitations = (workspaceId: string, enabled = true) =>
  useQuery({
    queryKey: workspaceKeys.invitations(workspaceId),
    queryFn: () => api<InvitationListResponse>(`${base(workspaceId)}/invitations`),
    enabled,
  });

/** PATCH /api/workspaces/:workspaceId (owners): a new name. */
export const useRenameWorkspace = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkspaceBody) =>
      api<Workspace>(base(workspaceId), { method: 'PATCH', body: body satisfies WorkspaceBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  });
};

/** DELETE /api/workspaces/:workspaceId (owners): the workspace and its surveys. */
export const useDeleteWorkspace = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(base(workspaceId), { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      await queryClient.invalidateQueries({ queryKey: surveyKeys.all });
    },
  });
};

/** PATCH /api/workspaces/:workspaceId/members/:userId (owners): another role. */
export const useUpdateMember = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateMemberBody) =>
      api<unknown>(`${base(workspaceId)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role } satisfies UpdateMemberBody,
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
  });
};

/** DELETE /api/workspaces/:workspaceId/members/:userId: an owner removes a member, or a member leaves. */
export const useRemoveMember = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<unknown>(`${base(workspaceId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations(workspaceId) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
  });
};

/** POST /api/workspaces/:workspaceId/invitations (owners): mails an invitation link. */
export const useInviteMember = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) =>
      api<Invitation>(`${base(workspaceId)}/invitations`, {
        method: 'POST',
        body: body satisfies CreateInvitationBody,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations(workspaceId) }),
  });
};

/** DELETE /api/workspaces/:workspaceId/invitations/:invitationId (owners): its link stops working. */
export const useRevokeInvitation = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api<unknown>(`${base(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations(workspaceId) }),
  });
};
