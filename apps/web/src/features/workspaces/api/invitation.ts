import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationPreview, Workspace } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { surveyKeys, workspaceKeys } from '@/lib/query-keys';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/:token: which workspace, role and email an invitation link is for (signed in or not). */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation', token] as const,
    queryFn: () => api<InvitationPreview>(invitationPath(token)),
    retry: false,
  });

/** POST /api/invitations/:token/accept: joins the workspace, signed in with the invited email. */
export const useAcceptInvitation = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Workspace>(`${invitationPath(token)}/accept`, { method: 'POST', body: {} }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      await queryClient.invalidateQueries({ queryKey: surveyKeys.all });
    },
  });
};
