import type { DashboardList } from '../hooks/use-dashboard-list';
import type { DashboardWorkspace } from '../hooks/use-dashboard-workspace';
import type { ListToggles } from '../hooks/use-list-toggles';
import type { SurveyActions } from '../hooks/use-survey-actions';
import { DashboardSkeleton } from './dashboard-skeleton';
import { LoadFailedState, NoMatchState, NoSurveysState } from './dashboard-empty-states';
import { SurveyList } from './survey-list';

/**
 * What is below the toolbar: a skeleton while the list first loads, then the list, or what stands in for it
 * (the load failed, nothing matches the search or the filter, or the workspace has no survey yet).
 */
export function DashboardContent({
  list,
  place,
  toggles,
  actions,
}: {
  list: DashboardList;
  place: DashboardWorkspace;
  toggles: ListToggles;
  actions: SurveyActions;
}) {
  const { query, filters } = list;
  if (query.isPending) return <DashboardSkeleton />;
  if (!query.data) return <LoadFailedState retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (list.visibleCount === 0 && list.filtered) {
    return <NoMatchState onClear={() => list.setFilters({ ...filters, q: '', state: null })} />;
  }
  if (list.visibleCount === 0) return <NoSurveysState canCreate={place.canCreate} createHref={place.createHref} />;
  return <SurveyList list={list} toggles={toggles} actions={actions} atLimit={place.atLimit} />;
}
