import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, RefreshCw, Search, SearchX, TriangleAlert, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { surveyStates, type SurveyState, type SurveySummary } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useErrorBanner } from '@/lib/error-banner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ADMIN_PAGE_SIZE, useAdminSurveys } from '../api/get-admin-surveys';
import { useRestoreSurvey } from '../api/restore-survey';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { AdminSurveyCards, AdminSurveyTable } from './admin-survey-list';
import { STATE_LABELS } from '@/components/survey-state-badge';

const SEARCH_DEBOUNCE_MS = 300;

const isState = (value: string | null): value is SurveyState =>
  value !== null && (surveyStates as readonly string[]).includes(value);

/** What the list shows: the search, the state filter and the page, kept in the address. */
interface View {
  q: string;
  state: SurveyState | '';
  page: number;
}

function readView(params: URLSearchParams): View {
  const state = params.get('state');
  return {
    q: (params.get('q') ?? '').trim(),
    state: isState(state) ? state : '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

function viewParams({ q, state, page }: View): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (state) params.set('state', state);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * 'All Surveys': every survey of every user with its creator, searchable by title or creator,
 * filterable by state and paged on the server; results of any survey and Restore for deleted ones.
 * The search, filter and page are read from the address, so Back from a results screen returns to
 * the same view; changing them replaces the history entry.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('surveys.documentTitle'));
  const { showError } = useErrorBanner();
  const [params, setParams] = useSearchParams();
  const { q, state, page } = readView(params);
  const listId = useId();

  /** A new search or filter starts at page 1. */
  const changeView = (changes: Partial<View>) =>
    setParams(
      (current) => {
        const view = readView(current);
        const next = { ...view, ...changes };
        const refiltered = next.q !== view.q || next.state !== view.state;
        return viewParams({ ...next, page: refiltered ? 1 : next.page });
      },
      { replace: true },
    );

  // The search box holds what is typed; the list follows once typing pauses.
  const [search, setSearch] = useState(q);
  const applySearch = useDebouncedCallback((value: string) => changeView({ q: value.trim() }), SEARCH_DEBOUNCE_MS);
  // When the address changes by other means (Back, a link), the box shows its search.
  const [addressSearch, setAddressSearch] = useState(q);
  if (q !== addressSearch) {
    setAddressSearch(q);
    if (search.trim() !== q) setSearch(q);
  }

  const query = useAdminSurveys({ q, state, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  const restore = useRestoreSurvey();
  const [toRestore, setToRestore] = useState<SurveySummary | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) showError(errorMessage(query.error, t('surveys.fetchFailed')));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt, showError]);

  const total = query.data?.total ?? 0;
  const surveys = query.data?.surveys ?? [];
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  // The page shown: the server's answer says where it starts (the last page when the address asks for one past the end).
  const shownPage = query.data && !query.isPlaceholderData ? query.data.offset / ADMIN_PAGE_SIZE + 1 : page;
  const first = total === 0 ? 0 : (shownPage - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, shownPage * ADMIN_PAGE_SIZE);
  const filtered = Boolean(q || state);

  const confirmRestore = () => {
    const survey = toRestore;
    if (!survey) return;
    restore.mutate(survey.surveyId, {
      onSuccess: () => setAnnouncement(t('surveys.restored', { title: survey.title })),
      onError: (error) => showError(errorMessage(error, t('surveys.restoreFailed'))),
      onSettled: () => setToRestore(null),
    });
  };

  const clearFilters = () => {
    applySearch.cancel();
    setSearch('');
    changeView({ q: '', state: '' });
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t('surveys.title')} description={t('surveys.description')} />

      <form
        role="search"
        aria-label={t('surveys.find')}
        className="grid gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-[1fr_12rem]"
        onSubmit={(e) => {
          e.preventDefault();
          applySearch.cancel();
          changeView({ q: search.trim(), page: 1 });
        }}
      >
        <Field label={t('surveys.search')}>
          {({ id, describedBy }) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-controls={listId}
                type="search"
                placeholder={t('surveys.searchPlaceholder')}
                className="ps-9"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  applySearch.schedule(e.target.value);
                }}
              />
            </div>
          )}
        </Field>
        <Field label={t('surveys.state')}>
          {({ id, describedBy }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              aria-controls={listId}
              value={state}
              onChange={(e) => {
                // The search typed so far goes with the filter at once, so a pending search cannot land after it
                // with the address it read before the filter changed.
                applySearch.cancel();
                changeView({ q: search.trim(), state: isState(e.target.value) ? e.target.value : '' });
              }}
            >
              <option value="">{t('surveys.allStates')}</option>
              {surveyStates.map((s) => (
                <option key={s} value={s}>
                  {STATE_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </form>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <section id={listId} aria-labelledby={`${listId}-summary`} aria-busy={query.isFetching} className="space-y-4">
        <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <p id={`${listId}-summary`} aria-live="polite">
            {query.isPending
              ? t('surveys.loading')
              : query.data
                ? total === 0
                  ? t('surveys.none')
                  : t('surveys.showing', { first, last, count: total })
                : ''}
          </p>
          {query.isFetching && !query.isPending && <span className="text-slate-500">{t('surveys.updating')}</span>}
        </div>

        {query.isPending ? (
          <ListSkeleton />
        ) : !query.data ? (
          <EmptyState
            className="rounded-card border border-slate-200 bg-white"
            icon={<TriangleAlert className="size-10" aria-hidden="true" />}
            title={t('surveys.loadFailedTitle')}
            action={
              <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
                {!query.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
                {t('surveys.tryAgain')}
              </Button>
            }
          >
            {errorMessage(query.error, t('surveys.fetchFailed'))}
          </EmptyState>
        ) : surveys.length === 0 ? (
          filtered ? (
            <EmptyState
              className="rounded-card border border-dashed border-slate-300 bg-white"
              icon={<SearchX className="size-10" aria-hidden="true" />}
              title={t('surveys.noMatchTitle')}
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  {t('surveys.clear')}
                </Button>
              }
            >
              {q && state
                ? t('surveys.noMatchQueryState', { query: q, state: STATE_LABELS[state] })
                : q
                  ? t('surveys.noMatchQuery', { query: q })
                  : state
                    ? t('surveys.noMatchState', { state: STATE_LABELS[state] })
                    : t('surveys.noMatchFilter')}
            </EmptyState>
          ) : (
            <EmptyState
              className="rounded-card border border-dashed border-slate-300 bg-white"
              icon={<Inbox className="size-10" aria-hidden="true" />}
              title={t('surveys.emptyTitle')}
            >
              {t('surveys.emptyBody')}
            </EmptyState>
          )
        ) : (
          <>
            <AdminSurveyTable
              surveys={surveys}
              restoringId={restore.isPending ? (toRestore?.surveyId ?? null) : null}
              onRestore={setToRestore}
            />
            <AdminSurveyCards
              surveys={surveys}
              restoringId={restore.isPending ? (toRestore?.surveyId ?? null) : null}
              onRestore={setToRestore}
            />
            {pageCount > 1 && (
              <nav aria-label={t('surveys.pages')} className="flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={shownPage <= 1 || query.isFetching}
                  onClick={() => changeView({ page: shownPage - 1 })}
                >
                  <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t('surveys.previous')}
                </Button>
                <p className="text-sm text-slate-600">{t('surveys.page', { page: shownPage, count: pageCount })}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={shownPage >= pageCount || query.isFetching}
                  onClick={() => changeView({ page: shownPage + 1 })}
                >
                  {t('surveys.next')}
                  <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Button>
              </nav>
            )}
          </>
        )}
      </section>

      <ConfirmDialog
        open={toRestore !== null}
        title={t('surveys.restoreTitle')}
        confirmLabel={t('surveys.restore')}
        busy={restore.isPending}
        onCancel={() => setToRestore(null)}
        onConfirm={confirmRestore}
      >
        {toRestore && (
          <p>
            {toRestore.creator?.name
              ? t('surveys.restoreBody', { title: toRestore.title, creator: toRestore.creator.name })
              : t('surveys.restoreBodyNoCreator', { title: toRestore.title })}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <Spinner label={t('surveys.loading')} className="sr-only" />
      <div className="space-y-4" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-4 w-1/5" />
            <Skeleton className="hidden h-4 w-1/6 sm:block" />
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="ms-auto h-8 w-20" />
          </div>
        ))}
      </div>
    </div>
  );
}
