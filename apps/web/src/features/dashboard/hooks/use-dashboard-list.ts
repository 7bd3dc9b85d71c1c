import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SurveySummary } from '@quorum/contract';
import { useErrorBanner } from '@/lib/error-banner';
import { useSurveys } from '../api/get-surveys';
import { hasFilters, readFilters, writeFilters, type DashboardFilters } from '../lib/list-params';
import { groupSurveys, type DashboardSection } from '../lib/survey-sections';

export interface DashboardList {
  /** The search, the state filter and the sort, as the URL holds them. */
  filters: DashboardFilters;
  /** A search or a state filter is in effect. */
  filtered: boolean;
  setFilters: (next: DashboardFilters) => void;
  query: ReturnType<typeof useSurveys>;
  /** The surveys loaded so far (every page), and how many the server has in all. */
  surveys: SurveySummary[];
  total: number;
  sections: DashboardSection[];
  /** How many surveys the sections show. */
  visibleCount: number;
}

/**
 * One workspace's surveys, loaded a page at a time and grouped by state. The search, the state filter and the
 * sort live in the URL (read on every render, written on every change: no state mirrors them). A failed load is
 * reported in the error banner.
 */
export function useDashboardList(workspaceId: string, enabled: boolean): DashboardList {
  const { t } = useTranslation('dashboard');
  const { showError } = useErrorBanner();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const filtered = hasFilters(filters);
  const query = useSurveys(workspaceId, filters, enabled);

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) showError(t('page.fetchFailed'));
  }, [isError, errorUpdatedAt, showError, t]);

  const surveys = useMemo(() => query.data?.pages.flatMap((page) => page.surveys) ?? [], [query.data]);
  // With a search or a filter, only the sections holding a match are shown.
  const sections = useMemo(
    () => groupSurveys(surveys).filter((section) => !filtered || section.surveys.length > 0),
    [surveys, filtered],
  );
  return {
    filters,
    filtered,
    setFilters: (next) => setSearchParams(writeFilters(next)),
    query,
    surveys,
    total: query.data?.pages[0]?.total ?? 0,
    sections,
    visibleCount: sections.reduce((sum, s) => sum + s.surveys.length, 0),
  };
}
