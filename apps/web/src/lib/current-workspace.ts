import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Workspace, WorkspaceListResponse } from '@quorum/contract';
import { api } from './api-client';
import { workspaceKeys } from './query-keys';
import { useSession } from './session';
import { STORAGE_KEYS } from './storage';

/** `GET /api/workspaces`: the signed-in user's workspaces (personal first) and their count of launched active surveys. */
export function useWorkspaces() {
  const { state } = useSession();
  const isUser = state.status === 'signed-in' && state.session.userType === 'user';
  return useQuery({
    queryKey: workspaceKeys.list(),
    queryFn: () => api<WorkspaceListResponse>('/api/workspaces'),
    enabled: isUser,
    staleTime: 30_000,
  });
}

function readStoredWorkspace(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.workspace);
  } catch {
    return null;
  }
}

/** Remembers the workspace the dashboard shows next (after leaving one, the personal one). */
export function storeWorkspace(workspaceId: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.workspace, workspaceId);
  } catch {
    // Private mode: the choice lasts as long as the address.
  }
}

export interface CurrentWorkspace {
  /** The workspace the dashboard shows and creates in: `?workspace=`, else the last chosen, else the personal one. */
  workspaceId: string;
  /** It, once the list has loaded (undefined before, or when it is not one of the caller's). */
  workspace: Workspace | undefined;
  workspaces: Workspace[];
  /** Active surveys the caller launched, in every workspace, and the limit. */
  activeSurveys: WorkspaceListResponse['activeSurveys'] | undefined;
  isLoading: boolean;
  /** Shows another workspace: kept in the address (`?workspace=`, absent for the personal one) and remembered. */
  setWorkspaceId(workspaceId: string): void;
}

/**
 * The dashboard's current workspace, for users (an administrator has none: they see every survey). A stale
 * choice (a workspace the user left or was removed from) falls back to the personal workspace once the list
 * has loaded.
 */
export function useCurrentWorkspace(): CurrentWorkspace {
  const { state } = useSession();
  const personalId = state.status === 'signed-in' ? state.session.user.id : '';
  const [params, setParams] = useSearchParams();
  const query = useWorkspaces();
  const workspaces = useMemo(() => query.data?.workspaces ?? [], [query.data]);
  const asked = params.get('workspace') ?? readStoredWorkspace() ?? personalId;
  const known = workspaces.find((w) => w.id === asked);
  const workspaceId = query.data && !known ? personalId : asked;

  const setWorkspaceId = useCallback(
    (next: string) => {
      storeWorkspace(next);
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === personalId) updated.delete('workspace');
          else updated.set('workspace', next);
          return updated;
        },
        { replace: true },
      );
    },
    [personalId, setParams],
  );

  return {
    workspaceId,
    workspace: workspaces.find((w) => w.id === workspaceId),
    workspaces,
    activeSurveys: query.data?.activeSurveys,
    isLoading: query.isLoading,
    setWorkspaceId,
  };
}
