import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Eye, Plus, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { paths } from '@/config/paths';
import { can, MAX_ACTIVE_SURVEYS, type Survey, type SurveySummary } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { WorkspaceSwitcher } from '@/components/workspace-switcher';
import { currentLanguage } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useErrorBanner } from '@/lib/error-banner';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChangeSurveyState } from '../api/change-survey-state';
import { useDuplicateSurvey } from '../api/duplicate-survey';
import { useSurveys } from '../api/get-surveys';
import { hasFilters, readFilters, writeFilters, type DashboardFilters } from '../lib/list-params';
import {
  groupSurveys,
  isAtActiveLimit,
  STATE_ACTION_KEYS,
  type SectionId,
  type StateAction,
} from '../lib/survey-sections';
import { AiGenerateBox } from './ai-generate-box';
import { DashboardSkeleton } from './dashboard-skeleton';
import { DashboardToolbar } from './dashboard-toolbar';
import { ShareDialog } from './share-dialog';
import { publicUrlOf, SurveyCard } from './survey-card';
import { SurveySection } from './survey-section';

/**
 * 'My Surveys': the current workspace's surveys grouped by state, with their actions. The search, the state
 * filter and the sort live in the URL (read on every render, written on every change: no state mirrors them),
 * and the list is loaded a page at a time. New surveys (by hand or by AI) are made in the current workspace,
 * unless the caller is a viewer there.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('page.title'));
  const { showError } = useErrorBanner();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const filtered = hasFilters(filters);
  const { state: session } = useSession();
  const personalId = session.status === 'signed-in' ? session.session.user.id : '';
  const current = useCurrentWorkspace();
  const { workspaceId, workspace } = current;
  const isPersonal = workspaceId === personalId;
  // A team workspace is listed once it is known to be one of the caller's (a stale choice falls back to personal).
  const surveysQuery = useSurveys(workspaceId, filters, isPersonal || workspace !== undefined || !current.isLoading);
  const canCreate = isPersonal || can(workspace?.role, 'create');
  const createHref = isPersonal
    ? paths.user.createSurvey.getHref()
    : `${paths.user.createSurvey.getHref()}?${new URLSearchParams({ workspace: workspaceId }).toString()}`;
  const changeState = useChangeSurveyState();
  const duplicate = useDuplicateSurvey();
  const limitWarningId = useId();

  const [closedSections, setClosedSections] = useState<ReadonlySet<SectionId>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<{ surveyId: string; label: StateAction['label'] } | null>(null);
  const [toDelete, setToDelete] = useState<SurveySummary | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [duplicatingId, setDuplicatingId] = useState<string | null>(null);
  const [copy, setCopy] = useState<Survey | null>(null);
  const [sharing, setSharing] = useState<SurveySummary | null>(null);

  const { isError, errorUpdatedAt } = surveysQuery;
  useEffect(() => {
    if (isError) showError(t('page.fetchFailed'));
  }, [isError, errorUpdatedAt, showError, t]);

  const surveys = useMemo(() => surveysQuery.data?.pages.flatMap((page) => page.surveys) ?? [], [surveysQuery.data]);
  const total = surveysQuery.data?.pages[0]?.total ?? 0;
  // With a search or a filter, only the sections holding a match are shown.
  const sections = useMemo(
    () => groupSurveys(surveys).filter((section) => !filtered || section.surveys.length > 0),
    [surveys, filtered],
  );
  const visibleCount = sections.reduce((sum, s) => sum + s.surveys.length, 0);
  // Counted by the server: the active surveys the caller launched, in every workspace, whatever the list shows.
  const activeCount = current.activeSurveys?.launched ?? 0;
  const activeLimit = current.activeSurveys?.limit ?? MAX_ACTIVE_SURVEYS;
  const atLimit = isAtActiveLimit(activeCount, activeLimit);

  const setFilters = (next: DashboardFilters) => setSearchParams(writeFilters(next));

  const toggle = <T,>(set: ReadonlySet<T>, value: T): Set<T> => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  const runAction = (survey: SurveySummary, action: StateAction) => {
    setPending({ surveyId: survey.surveyId, label: action.label });
    changeState.mutate(
      { surveyId: survey.surveyId, state: action.target },
      {
        onSuccess: (data) =>
          setAnnouncement(
            // The server words its confirmation in English; another language says it in its own words.
            (currentLanguage() === 'en' && data.message) ||
              t('page.actionDone', { title: survey.title, action: t(STATE_ACTION_KEYS[action.label]) }),
          ),
        onError: (error) => showError(errorMessage(error, t('page.stateChangeFailed'))),
        onSettled: () => {
          setPending(null);
          setToDelete(null);
        },
      },
    );
  };

  const onAction = (survey: SurveySummary, action: StateAction) => {
    if (action.label === 'Delete') setToDelete(survey);
    else runAction(survey, action);
  };

  // The copy is a new draft: it is announced with a link to its editor and, once the list shows it, opened
  // and marked there.
  const onDuplicate = (survey: SurveySummary) => {
    setDuplicatingId(survey.surveyId);
    duplicate.mutate(survey.surveyId, {
      onSuccess: (created) => {
        setCopy(created);
        setExpanded((s) => new Set(s).add(created.surveyId));
      },
      onError: (error) => showError(errorMessage(error, t('page.duplicateFailed'))),
      onSettled: () => setDuplicatingId(null),
    });
  };

  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title={t('page.title')}
        description={
          isPersonal || !workspace
            ? t('page.description')
            : t('page.workspaceDescription', { workspace: workspace.name })
        }
        actions={
          canCreate && (
            <Link
              to={createHref}
              aria-describedby={atLimit ? limitWarningId : undefined}
              className={
                atLimit
                  ? 'inline-flex h-10 items-center justify-center gap-2 rounded-control border border-amber-300 bg-amber-50 px-4 text-sm font-medium whitespace-nowrap text-amber-900 shadow-sm transition-colors hover:border-amber-400 hover:bg-amber-100'
                  : buttonClasses('primary')
              }
            >
              {atLimit ? (
                <TriangleAlert className="size-4" aria-hidden="true" />
              ) : (
                <Plus className="size-4" aria-hidden="true" />
              )}
              {t('page.createNew')}
            </Link>
          )
        }
      />

      <WorkspaceSwitcher />

      {!canCreate && workspace && (
        <Banner tone="info">
          <p>
            <Eye className="me-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
            {t('page.viewerNote')}
          </p>
        </Banner>
      )}

      {atLimit && (
        <Banner tone="warning">
          <p id={limitWarningId}>
            <strong className="font-semibold">
              {t('page.activeLimitCount', { count: activeCount, limit: activeLimit })}
            </strong>{' '}
            {t('page.activeLimitHint')}
          </p>
        </Banner>
      )}

      {canCreate && <AiGenerateBox workspaceId={workspaceId} />}

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {copy && (
        <Banner tone="success" onClose={() => setCopy(null)}>
          <p>
            {t('page.copyCreated', { title: copy.title })}{' '}
            <Link
              to={paths.user.editSurvey.getHref(copy)}
              state={{ survey: copy }}
              className="font-medium underline underline-offset-2"
            >
              {t('page.editCopy')}
            </Link>
          </p>
        </Banner>
      )}

      <DashboardToolbar filters={filters} onChange={setFilters} />

      {surveysQuery.isPending ? (
        <DashboardSkeleton />
      ) : !surveysQuery.data ? (
        <EmptyState
          tone="danger"
          className="rounded-card border border-slate-200 bg-white"
          icon={<TriangleAlert aria-hidden="true" />}
          title={t('page.loadFailedTitle')}
          action={
            <Button variant="secondary" onClick={() => void surveysQuery.refetch()} disabled={surveysQuery.isFetching}>
              <RefreshCw className={surveysQuery.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              {t('page.tryAgain')}
            </Button>
          }
        >
          {t('page.loadFailedBody')}
        </EmptyState>
      ) : visibleCount === 0 && filtered ? (
        <EmptyState
          className="rounded-card border border-dashed border-slate-300 bg-white"
          icon={<SearchX aria-hidden="true" />}
          title={t('page.noMatchTitle')}
          action={
            <Button variant="secondary" onClick={() => setFilters({ ...filters, q: '', state: null })}>
              {t('page.clearSearchAndFilter')}
            </Button>
          }
        >
          {t('page.noMatchBody')}
        </EmptyState>
      ) : visibleCount === 0 ? (
        <EmptyState
          className="rounded-card border border-dashed border-slate-300 bg-white"
          icon={<ClipboardList aria-hidden="true" />}
          title={canCreate ? t('page.firstSurveyTitle') : t('page.noSurveysTitle')}
          action={
            canCreate ? (
              <Link to={createHref} className={buttonClasses('primary')}>
                <Plus className="size-4" aria-hidden="true" />
                {t('page.createNew')}
              </Link>
            ) : undefined
          }
        >
          {canCreate ? t('page.firstSurveyBody') : t('page.noSurveysBody')}
        </EmptyState>
      ) : (
        <div className="space-y-8" aria-busy={surveysQuery.isPlaceholderData || surveysQuery.isFetchingNextPage}>
          <p role="status" className="text-sm text-slate-600">
            {t('page.showing', { shown: surveys.length, total })}
          </p>
          {sections.map((section) => (
            <SurveySection
              key={section.id}
              label={section.label}
              count={section.surveys.length}
              open={!closedSections.has(section.id)}
              onToggle={() => setClosedSections((s) => toggle(s, section.id))}
            >
              {section.surveys.map((survey) => (
                <SurveyCard
                  key={survey.surveyId}
                  survey={survey}
                  expanded={expanded.has(survey.surveyId)}
                  onToggle={() => setExpanded((s) => toggle(s, survey.surveyId))}
                  atActiveLimit={atLimit}
                  pendingAction={pending?.surveyId === survey.surveyId ? pending.label : null}
                  onAction={(action) => onAction(survey, action)}
                  highlighted={copy?.surveyId === survey.surveyId}
                  duplicating={duplicatingId === null ? null : duplicatingId === survey.surveyId ? 'this' : 'other'}
                  onDuplicate={() => onDuplicate(survey)}
                  onShare={() => setSharing(survey)}
                />
              ))}
            </SurveySection>
          ))}
          {surveysQuery.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                loading={surveysQuery.isFetchingNextPage}
                disabled={surveysQuery.isFetchingNextPage}
                onClick={() => void surveysQuery.fetchNextPage()}
              >
                {t('page.showMore')}
              </Button>
            </div>
          )}
        </div>
      )}

      <ShareDialog
        open={sharing !== null}
        onOpenChange={(open) => {
          if (!open) setSharing(null);
        }}
        title={sharing?.title ?? ''}
        url={sharing ? publicUrlOf(sharing) : ''}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title={t('page.deleteTitle')}
        confirmLabel={t('page.deleteConfirm')}
        tone="danger"
        busy={changeState.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) runAction(toDelete, { label: 'Delete', target: 'deleted', activates: false });
        }}
      >
        {toDelete && <p>{t('page.deleteBody', { title: toDelete.title })}</p>}
      </ConfirmDialog>
    </div>
  );
}
