import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkspaceSwitcher } from '@/components/workspace-switcher';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboardList } from '../hooks/use-dashboard-list';
import { useDashboardWorkspace } from '../hooks/use-dashboard-workspace';
import { useListToggles } from '../hooks/use-list-toggles';
import { useSurveyActions } from '../hooks/use-survey-actions';
import { AiGenerateBox } from './ai-generate-box';
import { DashboardContent } from './dashboard-content';
import { DashboardHeader } from './dashboard-header';
import { ActiveLimitWarning, CopyCreatedNotice, ViewerNote } from './dashboard-notices';
import { DashboardToolbar } from './dashboard-toolbar';
import { SurveyDialogs } from './survey-dialogs';

/**
 * 'My Surveys': the current workspace's surveys grouped by state, with their actions. The search, the state
 * filter and the sort live in the URL (read on every render, written on every change: no state mirrors them),
 * and the list is loaded a page at a time. New surveys (by hand or by AI) are made in the current workspace,
 * unless the caller is a viewer there.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('page.title'));
  const place = useDashboardWorkspace();
  const list = useDashboardList(place.workspaceId, place.canList);
  const toggles = useListToggles();
  const actions = useSurveyActions(toggles.expandCard);
  const limitWarningId = useId();

  return (
    <div className="max-w-5xl space-y-6">
      <DashboardHeader place={place} limitWarningId={limitWarningId} />
      <WorkspaceSwitcher />
      {!place.canCreate && place.workspace && <ViewerNote />}
      {place.atLimit && <ActiveLimitWarning id={limitWarningId} count={place.activeCount} limit={place.activeLimit} />}
      {place.canCreate && <AiGenerateBox workspaceId={place.workspaceId} />}

      <p className="sr-only" aria-live="polite">
        {actions.announcement}
      </p>
      {actions.copy && <CopyCreatedNotice copy={actions.copy} onClose={actions.dismissCopy} />}

      <DashboardToolbar filters={list.filters} onChange={list.setFilters} />
      <DashboardContent list={list} place={place} toggles={toggles} actions={actions} />
      <SurveyDialogs actions={actions} />
    </div>
  );
}
