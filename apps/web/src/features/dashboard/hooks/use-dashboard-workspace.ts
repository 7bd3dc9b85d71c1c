import { can, MAX_ACTIVE_SURVEYS, type Workspace } from '@quorum/contract';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useSession } from '@/lib/session';
import { isAtActiveLimit } from '../lib/survey-sections';

export interface DashboardWorkspace {
  workspaceId: string;
  /** The team workspace shown, once known (undefined for the personal one before the list has loaded). */
  workspace: Workspace | undefined;
  isPersonal: boolean;
  /** Whether its surveys may be listed yet. */
  canList: boolean;
  /** Whether the caller may make surveys here (anyone but a viewer). */
  canCreate: boolean;
  /** The editor of a new survey made in this workspace. */
  createHref: string;
  activeCount: number;
  activeLimit: number;
  /** The caller may launch no more surveys. */
  atLimit: boolean;
}

/**
 * The workspace the dashboard shows, and what the caller may do there: list its surveys, make new ones in it
 * (unless they are a viewer there), and launch more (the limit counts their active surveys in every workspace).
 */
export function useDashboardWorkspace(): DashboardWorkspace {
  const { state: session } = useSession();
  const personalId = session.status === 'signed-in' ? session.session.user.id : '';
  const current = useCurrentWorkspace();
  const { workspaceId, workspace } = current;
  const isPersonal = workspaceId === personalId;
  const createHref = isPersonal
    ? paths.user.createSurvey.getHref()
    : `${paths.user.createSurvey.getHref()}?${new URLSearchParams({ workspace: workspaceId }).toString()}`;
  // Counted by the server: the active surveys the caller launched, in every workspace, whatever the list shows.
  const activeCount = current.activeSurveys?.launched ?? 0;
  const activeLimit = current.activeSurveys?.limit ?? MAX_ACTIVE_SURVEYS;
  return {
    workspaceId,
    workspace,
    isPersonal,
    // A team workspace is listed once it is known to be one of the caller's (a stale choice falls back to personal).
    canList: isPersonal || workspace !== undefined || !current.isLoading,
    canCreate: isPersonal || can(workspace?.role, 'create'),
    createHref,
    activeCount,
    activeLimit,
    atLimit: isAtActiveLimit(activeCount, activeLimit),
  };
}
