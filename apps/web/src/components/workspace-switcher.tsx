import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Plus, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isJsonObject, type Workspace } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useSession } from '@/lib/session';
import { NewWorkspaceDialog } from './new-workspace-dialog';
import { Button } from './ui/button';
import { Select } from './ui/field';
import { Toast } from './ui/toast';

/** The switcher's name of a workspace: "Personal" for the personal one, else its name and the caller's role. */
function workspaceOptionLabel(workspace: Workspace): string {
  return workspace.personal
    ? i18n.t('workspaces:switcher.personal')
    : i18n.t('workspaces:switcher.option', { name: workspace.name, role: workspace.role });
}

/** Router state a page sets when it sends the user to the dashboard having joined a workspace. */
export interface JoinedWorkspaceState {
  joinedWorkspace: string;
}

function joinedWorkspace(state: unknown): string | null {
  const name = isJsonObject(state) ? state.joinedWorkspace : undefined;
  return typeof name === 'string' ? name : null;
}

/**
 * The dashboard's workspace: a labelled select of the caller's workspaces (personal first), "New workspace…" (a
 * dialog; the new workspace is shown at once) and, for a team workspace, a link to its settings. Full width on
 * phones. It also says "You joined {workspace}" when an accepted invitation led here. Administrators see every
 * survey and have no workspace: it renders nothing for them.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('workspaces');
  const { state } = useSession();
  const selectId = useId();
  const current = useCurrentWorkspace();
  const location = useLocation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [joined, setJoined] = useState<string | null>(() => joinedWorkspace(location.state));
  const dismissJoined = useCallback(() => setJoined(null), []);

  // The notice is read once: a reload or going back does not show it again.
  useEffect(() => {
    if (joinedWorkspace(location.state) === null) return;
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [location, navigate]);

  if (state.status !== 'signed-in' || state.session.userType !== 'user') return null;

  const { workspaceId, workspace, workspaces, setWorkspaceId } = current;
  // Before the list arrives, the personal workspace stands alone, so the control never jumps.
  const options: Array<{ id: string; label: string }> =
    workspaces.length > 0
      ? workspaces.map((w) => ({ id: w.id, label: workspaceOptionLabel(w) }))
      : [{ id: workspaceId, label: t('switcher.personal') }];

  return (
    <div className="w-full space-y-1.5 sm:w-auto">
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
        {t('switcher.label')}
      </label>
      {/* One row at every width (the buttons' words are for screen readers only on phones), so the list stays near the top. */}
      <div className="flex items-center gap-2">
        <Select
          id={selectId}
          value={workspaceId}
          disabled={current.isLoading}
          onChange={(event) => setWorkspaceId(event.target.value)}
          className="min-w-0 flex-1 truncate sm:w-64 sm:flex-none"
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </Select>
        <Button variant="secondary" onClick={() => setCreating(true)} className="shrink-0" title={t('switcher.new')}>
          <Plus className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('switcher.new')}</span>
        </Button>
        {workspace && !workspace.personal && (
          <Link
            to={paths.user.workspace.getHref({ workspaceId: workspace.id })}
            title={t('switcher.settings')}
            className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-control px-3 text-sm font-medium whitespace-nowrap text-accent-700 underline-offset-2 hover:underline"
          >
            <Settings className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('switcher.settings')}</span>
          </Link>
        )}
      </div>
      <NewWorkspaceDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created) => {
          setCreating(false);
          setWorkspaceId(created.id);
        }}
      />
      {joined && <Toast onDismiss={dismissJoined}>{t('switcher.joined', { workspace: joined })}</Toast>}
    </div>
  );
}
