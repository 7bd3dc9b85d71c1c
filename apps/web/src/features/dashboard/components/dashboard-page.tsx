import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ClipboardList, Plus, RefreshCw, TriangleAlert } from 'lucide-react';
import { paths } from '@/config/paths';
import { MAX_ACTIVE_SURVEYS, type SurveySummary } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { useErrorBanner } from '@/lib/error-banner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChangeSurveyState } from '../api/change-survey-state';
import { useSurveys } from '../api/get-surveys';
import { countActive, groupSurveys, isAtActiveLimit, type SectionId, type StateAction } from '../lib/survey-sections';
import { AiGenerateBox } from './ai-generate-box';
import { DashboardSkeleton } from './dashboard-skeleton';
import { SurveyCard } from './survey-card';
import { SurveySection } from './survey-section';

const FETCH_FAILED = 'Failed to fetch surveys';
const STATE_CHANGE_FAILED = 'Failed to update survey state';

/** 'My Surveys': the owner's surveys grouped by state, with their actions. */
export function DashboardPage() {
  useDocumentTitle('My Surveys');
  const { showError } = useErrorBanner();
  const surveysQuery = useSurveys();
  const changeState = useChangeSurveyState();
  const limitWarningId = useId();

  const [closedSections, setClosedSections] = useState<ReadonlySet<SectionId>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<{ surveyId: string; label: StateAction['label'] } | null>(null);
  const [toDelete, setToDelete] = useState<SurveySummary | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const { isError, errorUpdatedAt } = surveysQuery;
  useEffect(() => {
    if (isError) showError(FETCH_FAILED);
  }, [isError, errorUpdatedAt, showError]);

  const surveys = useMemo(() => surveysQuery.data?.surveys ?? [], [surveysQuery.data]);
  const sections = useMemo(() => groupSurveys(surveys), [surveys]);
  const visibleCount = sections.reduce((sum, s) => sum + s.surveys.length, 0);
  const activeCount = countActive(surveys);
  const atLimit = isAtActiveLimit(activeCount);

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
        onSuccess: (data) => setAnnouncement(data.message || `${survey.title}: ${action.label} done`),
        onError: (error) => showError(errorMessage(error, STATE_CHANGE_FAILED)),
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

  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="My Surveys"
        description="Build a survey, launch it, share the link and watch results."
        actions={
          <Link
            to={paths.user.createSurvey.getHref()}
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
            Create New Survey
          </Link>
        }
      />

      {atLimit && (
        <Banner tone="warning">
          <p id={limitWarningId}>
            <strong className="font-semibold">
              You have {activeCount} of {MAX_ACTIVE_SURVEYS} active surveys.
            </strong>{' '}
            Pause or close a survey before launching more. New surveys are still saved as drafts.
          </p>
        </Banner>
      )}

      <AiGenerateBox />

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {surveysQuery.isPending ? (
        <DashboardSkeleton />
      ) : !surveysQuery.data ? (
        <EmptyState
          tone="danger"
          className="rounded-card border border-slate-200 bg-white"
          icon={<TriangleAlert aria-hidden="true" />}
          title="Your surveys could not be loaded"
          action={
            <Button variant="secondary" onClick={() => void surveysQuery.refetch()} disabled={surveysQuery.isFetching}>
              <RefreshCw className={surveysQuery.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              Try again
            </Button>
          }
        >
          {FETCH_FAILED}. Check your connection and try again.
        </EmptyState>
      ) : visibleCount === 0 ? (
        <EmptyState
          className="rounded-card border border-dashed border-slate-300 bg-white"
          icon={<ClipboardList aria-hidden="true" />}
          title="Create your first survey"
          action={
            <Link to={paths.user.createSurvey.getHref()} className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden="true" />
              Create New Survey
            </Link>
          }
        >
          You have no surveys yet. Start from scratch or describe an idea above and let AI draft the questions. New
          surveys are saved as drafts until you launch them.
        </EmptyState>
      ) : (
        <div className="space-y-8">
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
                />
              ))}
            </SurveySection>
          ))}
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this survey?"
        confirmLabel="Delete"
        tone="danger"
        busy={changeState.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) runAction(toDelete, { label: 'Delete', target: 'deleted', activates: false });
        }}
      >
        {toDelete && (
          <p>
            &ldquo;{toDelete.title}&rdquo; will be removed from your dashboard and its link will stop working. This
            cannot be undone from here.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
