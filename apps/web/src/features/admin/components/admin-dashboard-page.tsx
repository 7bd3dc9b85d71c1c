import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, RefreshCw, Search, SearchX, TriangleAlert, Inbox } from 'lucide-react';
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
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AdminSurveyCards, AdminSurveyTable } from './admin-survey-list';
import { STATE_LABELS } from '@/components/survey-state-badge';

const FETCH_FAILED = 'Failed to fetch surveys';
const STATE_CHANGE_FAILED = 'Failed to update survey state';
const SEARCH_DEBOUNCE_MS = 300;

const isState = (value: string | null): value is SurveyState =>
  value !== null && (surveyStates as readonly string[]).includes(value);
const numberFormat = new Intl.NumberFormat();

/**
 * 'All Surveys', for administrators only: every survey of every user with its creator, searchable
 * by title or creator, filterable by state and paged on the server; results of any survey and
 * Restore for deleted ones. The search, filter and page live in the URL, so Back from a results
 * screen returns to the same view.
 */
export function AdminDashboardPage() {
  useDocumentTitle('All Surveys');
  const { showError } = useErrorBanner();
  const [params, setParams] = useSearchParams();
  // Read once from the URL; from then on the screen's state is the truth and the URL follows it.
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [state, setState] = useState<SurveyState | ''>(() => {
    const value = params.get('state');
    return isState(value) ? value : '';
  });
  const [page, setPage] = useState(() => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const [appliedSearch, setAppliedSearch] = useState(debouncedSearch);
  const [seenSearch, setSeenSearch] = useState(debouncedSearch);
  const listId = useId();

  // Typing reaches the server once it pauses; a new search starts at page 1.
  if (debouncedSearch !== seenSearch) {
    setSeenSearch(debouncedSearch);
    setAppliedSearch(debouncedSearch);
    setPage(1);
  }
  const urlQuery = appliedSearch;

  useEffect(() => {
    const next = new URLSearchParams();
    if (urlQuery) next.set('q', urlQuery);
    if (state) next.set('state', state);
    if (page > 1) next.set('page', String(page));
    setParams(next, { replace: true });
  }, [urlQuery, state, page, setParams]);

  const query = useAdminSurveys({ q: urlQuery, state, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  const restore = useRestoreSurvey();
  const [toRestore, setToRestore] = useState<SurveySummary | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) showError(errorMessage(query.error, FETCH_FAILED));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt, showError]);

  const total = query.data?.total ?? 0;
  const surveys = query.data?.surveys ?? [];
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, page * ADMIN_PAGE_SIZE);
  const filtered = Boolean(urlQuery || state);

  // A page past the end (after a restore moved a survey out of the filter) moves back to the last page.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [query.data, query.isPlaceholderData, page, pageCount]);

  const confirmRestore = () => {
    const survey = toRestore;
    if (!survey) return;
    restore.mutate(survey.surveyId, {
      onSuccess: () => setAnnouncement(`“${survey.title}” was restored to draft.`),
      onError: (error) => showError(errorMessage(error, STATE_CHANGE_FAILED)),
      onSettled: () => setToRestore(null),
    });
  };

  const clearFilters = () => {
    setSearch('');
    setAppliedSearch('');
    setState('');
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="All Surveys"
        description="Every survey of every user. Open any survey's results, or restore a deleted survey to draft."
      />

      <form
        role="search"
        aria-label="Find surveys"
        className="grid gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-[1fr_12rem]"
        onSubmit={(e) => {
          e.preventDefault();
          setAppliedSearch(search.trim());
          setPage(1);
        }}
      >
        <Field label="Search">
          {({ id, describedBy }) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-controls={listId}
                type="search"
                placeholder="Title, creator name or email"
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          )}
        </Field>
        <Field label="State">
          {({ id, describedBy }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              aria-controls={listId}
              value={state}
              onChange={(e) => {
                setState(isState(e.target.value) ? e.target.value : '');
                setPage(1);
              }}
            >
              <option value="">All states</option>
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
              ? 'Loading surveys...'
              : query.data
                ? total === 0
                  ? 'No surveys'
                  : `Showing ${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(total)} ${total === 1 ? 'survey' : 'surveys'}`
                : ''}
          </p>
          {query.isFetching && !query.isPending && <span className="text-slate-500">Updating…</span>}
        </div>

        {query.isPending ? (
          <ListSkeleton />
        ) : !query.data ? (
          <EmptyState
            className="rounded-card border border-slate-200 bg-white"
            icon={<TriangleAlert className="size-10" aria-hidden="true" />}
            title="The surveys could not be loaded"
            action={
              <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
                {!query.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
                Try again
              </Button>
            }
          >
            {errorMessage(query.error, FETCH_FAILED)}
          </EmptyState>
        ) : surveys.length === 0 ? (
          filtered ? (
            <EmptyState
              className="rounded-card border border-dashed border-slate-300 bg-white"
              icon={<SearchX className="size-10" aria-hidden="true" />}
              title="No surveys match"
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear search and filter
                </Button>
              }
            >
              Nothing matches {urlQuery ? <>&ldquo;{urlQuery}&rdquo;</> : 'this filter'}
              {state ? ` in state ${STATE_LABELS[state]}` : ''}.
            </EmptyState>
          ) : (
            <EmptyState
              className="rounded-card border border-dashed border-slate-300 bg-white"
              icon={<Inbox className="size-10" aria-hidden="true" />}
              title="No surveys yet"
            >
              When users create surveys, they appear here.
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
              <nav aria-label="Pages" className="flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1 || query.isFetching}
                  onClick={() => setPage(page - 1)}
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                  Previous
                </Button>
                <p className="text-sm text-slate-600">
                  Page {page} of {pageCount}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pageCount || query.isFetching}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </nav>
            )}
          </>
        )}
      </section>

      <ConfirmDialog
        open={toRestore !== null}
        title="Restore this survey?"
        confirmLabel="Restore"
        busy={restore.isPending}
        onCancel={() => setToRestore(null)}
        onConfirm={confirmRestore}
      >
        {toRestore && (
          <p>
            &ldquo;{toRestore.title}&rdquo; by {toRestore.creator?.name ?? 'its creator'} goes back to draft. Its owner
            sees it on their dashboard again and can edit and launch it.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <Spinner label="Loading surveys..." className="sr-only" />
      <div className="space-y-4" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-4 w-1/5" />
            <Skeleton className="hidden h-4 w-1/6 sm:block" />
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="ml-auto h-8 w-20" />
          </div>
        ))}
      </div>
    </div>
  );
}
