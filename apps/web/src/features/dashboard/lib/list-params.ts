import { SURVEY_SORTS, surveyStateSchema, type SurveySort, type SurveyState } from '@quorum/contract';

export type SortOrder = 'asc' | 'desc';

/** What the dashboard lists: everything here lives in the page's URL, so a reload or a shared link keeps it. */
export interface DashboardFilters {
  q: string;
  state: SurveyState | null;
  sort: SurveySort;
  order: SortOrder;
}

/** The states an owner can filter by (deleted surveys are never listed). */
export const FILTERABLE_STATES = ['active', 'draft', 'paused', 'closed'] as const satisfies readonly SurveyState[];

/** The server's default order for each sort: newest and most answered first, titles A to Z. */
export function defaultOrder(sort: SurveySort): SortOrder {
  return sort === 'title' ? 'asc' : 'desc';
}

/** The sort menu's choices; `label` is the key of its text in the `dashboard` catalog. */
export const SORT_CHOICES: readonly { sort: SurveySort; order: SortOrder; label: string }[] = [
  { sort: 'created', order: 'desc', label: 'toolbar.sorts.createdDesc' },
  { sort: 'created', order: 'asc', label: 'toolbar.sorts.createdAsc' },
  { sort: 'title', order: 'asc', label: 'toolbar.sorts.titleAsc' },
  { sort: 'title', order: 'desc', label: 'toolbar.sorts.titleDesc' },
  { sort: 'responses', order: 'desc', label: 'toolbar.sorts.responsesDesc' },
  { sort: 'responses', order: 'asc', label: 'toolbar.sorts.responsesAsc' },
];

const isSort = (value: string | null): value is SurveySort => SURVEY_SORTS.some((s) => s === value);

/** Reads the filters from the URL; a missing or unknown value falls back to the default instead of failing. */
export function readFilters(params: URLSearchParams): DashboardFilters {
  const rawSort = params.get('sort');
  const sort = isSort(rawSort) ? rawSort : 'created';
  const rawOrder = params.get('order');
  const order = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder(sort);
  const state = surveyStateSchema.safeParse(params.get('state'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    state: state.success && state.data !== 'deleted' ? state.data : null,
    sort,
    order,
  };
}

/** The URL for some filters: defaults are left out so the plain dashboard keeps its plain address. */
export function writeFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.state) params.set('state', filters.state);
  if (filters.sort !== 'created') params.set('sort', filters.sort);
  if (filters.order !== defaultOrder(filters.sort)) params.set('order', filters.order);
  return params;
}

export function hasFilters(filters: DashboardFilters): boolean {
  return filters.q !== '' || filters.state !== null;
}

/** The query string of `GET /api/surveys` for one page of the list, of one workspace when given. */
export function listQuery(filters: DashboardFilters, limit: number, offset: number, workspaceId?: string): string {
  const params = new URLSearchParams({ sort: filters.sort, order: filters.order, limit: String(limit) });
  if (offset > 0) params.set('offset', String(offset));
  if (filters.q) params.set('q', filters.q);
  if (filters.state) params.set('state', filters.state);
  if (workspaceId) params.set('workspaceId', workspaceId);
  return params.toString();
}
