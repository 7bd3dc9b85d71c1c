import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Inbox, RefreshCw, SearchX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { can, type PermissionAction, type ResponseRow, type ResultsResponse, type Survey } from '@quorum/contract';
import { PrintHeader, usePrintTime } from '@/components/print/print-header';
import { Banner } from '@/components/ui/banner';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { Toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { homePath } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchParamChoice } from '@/lib/use-search-param-choice';
import { creatorName, isTeamSurvey, lastChange } from '@/lib/survey-people';
import { resultsKeys } from '../api/keys';
import { useSurveyQuestions } from '../api/get-survey-questions';
import { useResults } from '../api/get-results';
import { POLL_INTERVAL_MS, useLiveResults, type LiveStatus } from '../hooks/use-live-results';
import { useOpenResponse } from '../hooks/use-open-response';
import { useResultsFilter, type ResultsFilterControl } from '../hooks/use-results-filter';
import { describeFilter } from '../lib/results-filter';
import { formatCount, formatDateTime, formatRelativeTime } from '@/lib/format';
import { ExportButtons } from './export-buttons';
import { FilterBar } from './filter-bar';
import { LiveIndicator } from './live-indicator';
import { ResponseDetailDialog } from './response-detail-dialog';
import { ResponsesTable } from './responses-table';
import { ShareResultsButton } from './share-results-dialog';
import { StatisticsView } from './statistics-view';

/** The tabs of the results screen, in the current language. */
const viewsOf = (t: TFunction<'results'>, withIntegrations: boolean) => [
  { id: 'statistics' as const, label: t('page.statisticsView') },
  { id: 'table' as const, label: t('page.tableView') },
  ...(withIntegrations ? [{ id: 'integrations' as const, label: t('page.integrations') }] : []),
];

/**
 * The results screen, at /surveys/:surveyId/results and /admin/surveys/:surveyId/results. `integrations`, the
 * survey's Integrations tab, is shown to users who may change the survey only.
 *
 * For a user the survey itself is read too: their role in its workspace decides what they may change (a viewer
 * sees and exports; an owner or editor also deletes responses, shares the results and manages webhooks), and a
 * team survey says who made it and who changed it last. When it cannot be read, the server decides alone.
 */
export function ResultsPage({ integrations }: { integrations?: ReactNode } = {}) {
  const { t } = useTranslation('results');
  const { surveyId = '' } = useParams();
  const { state } = useSession();
  const home = homePath(state.status === 'signed-in' ? state.session.userType : 'user');
  const filter = useResultsFilter();
  const live = useLiveResults(surveyId);
  const results = useResults(surveyId, filter.filter, { pollMs: live === 'live' ? false : POLL_INTERVAL_MS });
  const isUser = state.status === 'signed-in' && state.session.userType === 'user';
  const surveyQuery = useSurveyQuestions(surveyId, isUser);
  const survey = isUser ? surveyQuery.data : undefined;
  // What the user's role in the survey's workspace lets them change here (offered while the survey is unknown; the
  // server decides).
  const may = (action: PermissionAction) => isUser && (survey ? can(survey.role, action) : true);
  useDocumentTitle(
    results.data ? t('page.documentTitle', { title: results.data.title }) : t('page.documentTitleLoading'),
  );
  useRefreshResponsesOnNewTotal(surveyId, results.data?.totalResponses);

  const back = <BackLink to={home}>{t('page.backToDashboard')}</BackLink>;

  if (results.isPending || (isUser && surveyQuery.isPending)) {
    return (
      <div className="max-w-6xl space-y-6">
        {back}
        <Spinner label={t('page.loading')} className="justify-start p-0" />
        <div className="grid gap-4 sm:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-card" />
          ))}
        </div>
        <Skeleton className="h-80 rounded-card" />
      </div>
    );
  }

  if (results.isError) {
    return (
      <div className="max-w-6xl space-y-6">
        {back}
        <Card className="p-6">
          <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{t('page.loadFailedTitle')}</h1>
          <Banner tone="error">{errorMessage(results.error, t('page.fetchFailed'))}</Banner>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" loading={results.isFetching} onClick={() => void results.refetch()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {t('page.tryAgain')}
            </Button>
            {filter.active && (
              <Button variant="secondary" onClick={filter.clear}>
                {t('filter.clear')}
              </Button>
            )}
          </div>
        </Card>
      </div>
    );
  }

  return (
    <ResultsView
      surveyId={surveyId}
      data={results.data}
      updating={results.isPlaceholderData}
      filter={filter}
      live={live}
      canDelete={may('delete-responses')}
      canShare={!isUser || may('share-results')}
      integrations={may('manage-webhooks') ? integrations : undefined}
      people={survey && isTeamSurvey(survey) ? survey : undefined}
      back={back}
    />
  );
}

function ResultsView({
  surveyId,
  data,
  updating,
  filter,
  live,
  canDelete,
  canShare,
  integrations,
  people,
  back,
}: {
  surveyId: string;
  data: ResultsResponse;
  /** The numbers on screen are the previous filter's while the new ones load. */
  updating: boolean;
  filter: ResultsFilterControl;
  live: LiveStatus;
  /** An owner or editor may delete responses; viewers and administrators may not. */
  canDelete: boolean;
  /** Everyone but a viewer may make a share link. */
  canShare: boolean;
  integrations: ReactNode;
  /** A team survey: who made it and who changed it last are said under its title. */
  people: Survey | undefined;
  back: ReactNode;
}) {
  const { t } = useTranslation('results');
  const [view, setView] = useSearchParamChoice(
    'view',
    integrations ? ['statistics', 'table', 'integrations'] : ['statistics', 'table'],
  );
  const [openResponseId, setOpenResponseId] = useOpenResponse();
  const [openedRow, setOpenedRow] = useState<ResponseRow | undefined>();
  const [toast, setToast] = useState<string | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const printedAt = usePrintTime();
  const latest = data.responses[0]?.submittedAt;
  const current = data.questions.filter((q) => !q.isDeleted).length;
  const deleted = data.questions.length - current;
  const filtered = filter.active;
  const surveyLanguages = data.languages.map((l) => l.language);

  return (
    <div className="print-page max-w-6xl space-y-6">
      <div className="space-y-2">
        <div className="print:hidden">{back}</div>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-accent-700">{t('page.eyebrow')}</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900">{data.title}</h1>
            {people && <SurveyPeople survey={people} />}
            <div className="mt-2 print:hidden">
              <LiveIndicator status={live} />
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-start gap-2 print:hidden">
            {canShare && <ShareResultsButton surveyId={surveyId} title={data.title} />}
            <ExportButtons
              surveyId={surveyId}
              filter={filter.filter}
              filtered={filtered}
              empty={data.totalResponses === 0 || data.matchingResponses === 0}
            />
          </div>
        </header>
      </div>

      <section aria-label={t('page.summary')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat label={t('page.totalResponses')} value={formatCount(data.totalResponses)} testId="total-responses" />
        <Stat
          label={t('page.questions')}
          value={formatCount(current)}
          note={deleted > 0 ? t('page.deletedQuestions', { count: deleted }) : undefined}
        />
        <Stat
          label={t('page.latestResponse')}
          value={latest ? formatDateTime(latest) : '—'}
          small
          className="col-span-2 sm:col-span-1"
        />
      </section>

      <Tabs label={t('page.viewsLabel')} tabs={viewsOf(t, Boolean(integrations))} value={view} onChange={setView}>
        {integrations && view === 'integrations' ? (
          integrations
        ) : data.totalResponses === 0 ? (
          <Card>
            <EmptyState icon={<Inbox aria-hidden="true" />} title={t('page.noResults')}>
              {t('page.noResultsHint')}
            </EmptyState>
          </Card>
        ) : (
          <div className="space-y-6">
            <FilterBar
              state={filter.state}
              questions={data.questions}
              hiddenFields={data.hiddenFields}
              languages={surveyLanguages}
              onChange={filter.setFilter}
              onClear={filter.clear}
              active={filtered}
            />
            <p
              role="status"
              className={cn('text-sm font-medium text-slate-800', !filtered && !updating && 'sr-only')}
              data-testid="matching-responses"
            >
              {updating
                ? t('page.updating')
                : filtered
                  ? t('page.matching', { matching: data.matchingResponses, count: data.totalResponses })
                  : ''}
            </p>
            {filtered && data.matchingResponses === 0 ? (
              <Card>
                <EmptyState
                  icon={<SearchX aria-hidden="true" />}
                  title={t('page.noMatchTitle')}
                  action={
                    <Button variant="secondary" onClick={filter.clear}>
                      {t('filter.clear')}
                    </Button>
                  }
                >
                  {t('page.noMatchHint')}
                </EmptyState>
              </Card>
            ) : view === 'statistics' ? (
              <StatisticsView
                surveyId={surveyId}
                data={data}
                filter={filter.filter}
                filtered={filtered}
                filterState={filter.state}
                onFilterChange={filter.setFilter}
              />
            ) : (
              <>
                <h2 className="sr-only">{t('page.responsesHeading')}</h2>
                <ResponsesTable
                  surveyId={surveyId}
                  questions={data.questions}
                  hiddenFields={data.hiddenFields}
                  languages={surveyLanguages}
                  totalResponses={data.matchingResponses}
                  filter={filter.filter}
                  onOpen={(row) => {
                    setOpenedRow(row);
                    setOpenResponseId(row.responseId);
                  }}
                />
              </>
            )}
          </div>
        )}
      </Tabs>

      <ResponseDetailDialog
        surveyId={surveyId}
        responseId={openResponseId}
        initial={openedRow}
        questions={data.questions}
        hiddenFields={data.hiddenFields}
        languages={surveyLanguages}
        canDelete={canDelete}
        onClose={() => setOpenResponseId(null)}
        onDeleted={() => {
          setOpenResponseId(null);
          setToast(t('page.responseDeleted'));
        }}
      />
      {toast && <Toast onDismiss={dismissToast}>{toast}</Toast>}
      {/* Last in the page's order (it is hidden on screen); in print it is fixed at the top of every page. */}
      <PrintHeader
        title={data.title}
        filterSummary={describeFilter(filter.state, data.questions)}
        printedAt={printedAt}
      />
    </div>
  );
}

/** "Created by Ann · Last changed by Bob 5 minutes ago". */
function SurveyPeople({ survey }: { survey: Survey }) {
  const { t } = useTranslation('results');
  const change = lastChange(survey);
  return (
    <p className="mt-1 text-sm text-slate-600" data-testid="survey-people">
      {change ? (
        <Trans
          t={t}
          i18nKey="page.createdAndChanged"
          values={{ creator: creatorName(survey), changer: change.name, when: formatRelativeTime(change.at) }}
          components={{ time: <time dateTime={change.at} title={formatDateTime(change.at)} /> }}
        />
      ) : (
        t('page.createdBy', { creator: creatorName(survey) })
      )}
    </p>
  );
}

function Stat({
  label,
  value,
  note,
  small,
  testId,
  className,
}: {
  label: string;
  value: string;
  note?: string;
  small?: boolean;
  testId?: string;
  className?: string;
}) {
  return (
    <Card className={cn('px-4 py-4 sm:px-5', className)}>
      <p className="text-sm text-slate-600">{label}</p>
      <p
        className={
          small
            ? 'mt-2 text-base font-semibold text-slate-900'
            : 'mt-1 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums'
        }
        data-testid={testId}
      >
        {value}
      </p>
      {note && <p className="mt-0.5 text-xs text-slate-600">{note}</p>}
    </Card>
  );
}

/** When the total changes (live event or poll), the loaded response pages are read again. */
function useRefreshResponsesOnNewTotal(surveyId: string, total: number | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(total);
  useEffect(() => {
    if (total === undefined) return;
    if (previous.current !== undefined && previous.current !== total) {
      void queryClient.invalidateQueries({ queryKey: resultsKeys.responseLists(surveyId) });
    }
    previous.current = total;
  }, [queryClient, surveyId, total]);
}
