import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkspaceListResponse } from '@quorum/contract';
import { paths } from '@/config/paths';
import { storeWorkspace } from '@/lib/current-workspace';
import { workspaceKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

/**
 * After leaving or deleting a workspace: it is gone from the list at once (no stale choice of it on the
 * dashboard), the personal workspace is the one remembered, and the dashboard shows it.
 */
export function useGoHomeWithout() {
  const { state } = useSession();
  const personalId = state.status === 'signed-in' ? state.session.user.id : '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (workspaceId: string) => {
      queryClient.setQueryData<WorkspaceListResponse>(workspaceKeys.list(), (list) =>
        list ? { ...list, workspaces: list.workspaces.filter((w) => w.id !== workspaceId) } : list,
      );
      queryClient.removeQueries({ queryKey: workspaceKeys.members(workspaceId) });
      queryClient.removeQueries({ queryKey: workspaceKeys.invitations(workspaceId) });
      storeWorkspace(personalId);
      await navigate(paths.user.dashboard.getHref(), { replace: true });
    },
    [navigate, personalId, queryClient],
  );
}
