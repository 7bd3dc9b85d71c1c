import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { BarChart3, FileLock2, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translateError } from '@/i18n/errors';
import { paths } from '@/config/paths';
import { can, errorMessage as formatError, isEditable, surveySchema, type Survey } from '@quorum/contract';
import { BackLink } from '@/components/ui/back-link';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useErrorBanner } from '@/lib/error-banner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSurvey } from '../api/get-survey';
import { SurveyForm } from './survey-form';

/** The survey the AI flow passed along with the navigation, when it is this one and well formed. */
function surveyFromNavigation(state: unknown, surveyId: string | undefined): Survey | undefined {
  if (!surveyId || !state || typeof state !== 'object' || !('survey' in state)) return undefined;
  const parsed = surveySchema.safeParse(state.survey);
  return parsed.success && parsed.data.surveyId === surveyId ? parsed.data : undefined;
}

/**
 * /surveys/create and /surveys/:surveyId/edit: one screen, edit mode when the parameter is present. Create makes
 * the survey in the workspace named by `?workspace=` (the dashboard's current one), else the personal one.
 */
export function SurveyEditorPage() {
  const { surveyId } = useParams();
  const [searchParams] = useSearchParams();
  const workspaceId = searchParams.get('workspace') || undefined;
  const isEdit = surveyId !== undefined;
  const { t } = useTranslation('editor');
  const heading = isEdit ? t('page.editTitle') : t('page.createTitle');
  useDocumentTitle(heading);

  return (
    <div className="max-w-3xl space-y-6 pb-4">
      <div className="space-y-2">
        <BackLink to={paths.user.dashboard.getHref()}>{t('page.backToDashboard')}</BackLink>
        <PageHeader title={heading} description={isEdit ? t('page.editDescription') : t('page.createDescription')} />
      </div>
      {isEdit ? (
        <EditSurvey key={surveyId} surveyId={surveyId} />
      ) : (
        <SurveyForm mode="create" workspaceId={workspaceId} />
      )}
    </div>
  );
}

function EditSurvey({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('editor');
  const location = useLocation();
  const { showError } = useErrorBanner();
  const fromNavigation = surveyFromNavigation(location.state, surveyId);
  const query = useSurvey(surveyId, fromNavigation === undefined);
  const survey = fromNavigation ?? query.data;

  const { isError, errorUpdatedAt } = query;
  // A role that may not edit is said on the page itself, not in the banner.
  const forbidden = query.error instanceof ApiError && query.error.status === 403 ? query.error : null;
  useEffect(() => {
    if (isError && !forbidden) showError(t('page.loadFailed'));
  }, [isError, forbidden, errorUpdatedAt, showError, t]);

  if (forbidden) return <CannotEdit surveyId={surveyId} message={forbidden.message} />;
  if (survey && !can(survey.role, 'edit')) {
    return (
      <CannotEdit
        surveyId={surveyId}
        message={translateError(
          'WORKSPACE_ROLE_FORBIDDEN',
          { role: survey.role ?? 'none' },
          formatError('WORKSPACE_ROLE_FORBIDDEN', { role: survey.role ?? 'none' }),
        )}
      />
    );
  }

  if (!survey && query.isError) {
    return (
      <EmptyState
        className="rounded-card border border-slate-200 bg-white"
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" />}
        title={t('page.loadFailed')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCw className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              {t('page.tryAgain')}
            </Button>
            <Link to={paths.user.dashboard.getHref()} className={buttonClasses('primary')}>
              {t('page.backToDashboard')}
            </Link>
          </div>
        }
      >
        {t('page.loadFailedBody')}
      </EmptyState>
    );
  }
  if (!survey) return <EditorSkeleton />;
  if (!isEditable(survey.state)) {
    return (
      <EmptyState
        className="rounded-card border border-slate-200 bg-white"
        tone="neutral"
        icon={<FileLock2 aria-hidden="true" />}
        title={t('page.notEditableTitle')}
        action={
          <Link to={paths.user.dashboard.getHref()} className={buttonClasses('primary')}>
            {t('page.backToDashboard')}
          </Link>
        }
      >
        {t('page.notEditableBody', { title: survey.title, state: survey.state })}
      </EmptyState>
    );
  }
  return <SurveyForm key={survey.surveyId} mode="edit" survey={survey} />;
}

/** A viewer (or a caller the server refuses) opening the editor: why, and the way to the results instead. */
function CannotEdit({ surveyId, message }: { surveyId: string; message: string }) {
  const { t } = useTranslation('editor');
  return (
    <EmptyState
      className="rounded-card border border-slate-200 bg-white"
      tone="neutral"
      icon={<FileLock2 aria-hidden="true" />}
      title={t('page.cannotEditTitle')}
      action={
        <Link to={paths.user.surveyResults.getHref({ surveyId })} className={buttonClasses('primary')}>
          <BarChart3 className="size-4" aria-hidden="true" />
          {t('page.viewResults')}
        </Link>
      }
    >
      {message}
    </EmptyState>
  );
}

function EditorSkeleton() {
  const { t } = useTranslation('editor');
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t('page.loading')}</span>
      {[4, 3].map((rows, card) => (
        <div key={card} className="space-y-4 rounded-card border border-slate-200 bg-white p-6">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
