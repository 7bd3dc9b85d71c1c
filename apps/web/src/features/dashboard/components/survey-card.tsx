import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, ChevronDown, CopyPlus, Eye, Lock, Pause, Pencil, Play, Rocket, Share2, Trash2 } from 'lucide-react';
import { can, isEditable, type SurveySummary } from '@quorum/contract';
import { paths } from '@/config/paths';
import { SurveyStateBadge } from '@/components/survey-state-badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { STATE_ACTION_KEYS, stateActions, type StateAction } from '../lib/survey-sections';
import { CopyLink } from '@/components/copy-link';
import { formatCount, formatDateTime, formatRelativeTime } from '@/lib/format';
import { creatorName, isTeamSurvey, lastChange } from '@/lib/survey-people';

const ACTION_ICONS = { Launch: Rocket, Resume: Play, Pause, Close: Lock, Delete: Trash2 } as const;

/** The public address of a survey, as respondents open it. */
export function publicUrlOf(survey: Pick<SurveySummary, 'projectId' | 'surveyId'>): string {
  return `${window.location.origin}${paths.publicSurvey.survey.getHref(survey)}`;
}

/**
 * One survey: a summary row (title, question and response counts, state) that expands (click, Enter or Space)
 * into its details and actions. Every survey can be duplicated; only an active one shows its public link (the
 * only state in which respondents can open it) and can be shared.
 *
 * A team survey says who made it and who changed it last. The actions follow the caller's role in the survey's
 * workspace: a viewer opens its results and its preview, and changes nothing.
 */
export function SurveyCard({
  survey,
  expanded,
  onToggle,
  atActiveLimit,
  pendingAction,
  onAction,
  highlighted = false,
  duplicating,
  onDuplicate,
  onShare,
}: {
  survey: SurveySummary;
  expanded: boolean;
  onToggle: () => void;
  atActiveLimit: boolean;
  /** The action being sent for this survey, if any: its buttons wait meanwhile. */
  pendingAction: StateAction['label'] | null;
  onAction: (action: StateAction) => void;
  /** The copy just made by Duplicate: marked until the list changes again. */
  highlighted?: boolean;
  /** A duplicate of any survey is on its way: Duplicate waits meanwhile. */
  duplicating: 'this' | 'other' | null;
  onDuplicate: () => void;
  onShare: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const canEdit = can(survey.role, 'edit');
  const actions = canEdit ? stateActions(survey.state) : [];
  const busy = pendingAction !== null;
  const team = isTeamSurvey(survey);
  const change = team ? lastChange(survey) : null;

  return (
    <Collapsible asChild open={expanded} onOpenChange={onToggle}>
      <li
        className={cn(
          'rounded-card border border-slate-200 bg-white shadow-card',
          highlighted && 'border-accent-400 ring-2 ring-accent-200',
        )}
      >
        <h3 className="text-base">
          <CollapsibleTrigger
            className={cn(
              'flex w-full items-center gap-3 rounded-card px-4 py-3 text-start hover:bg-slate-50',
              expanded && 'rounded-b-none',
            )}
          >
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 font-medium break-words text-slate-900">{survey.title}</span>
              <span className="mt-0.5 block text-sm font-normal text-slate-600">
                {t('surveyCard.questionCount', { count: survey.questionCount })} ·{' '}
                {t('surveyCard.responseCount', { count: survey.responseCount })}
              </span>
              {team && (
                <span className="mt-0.5 block text-sm font-normal text-slate-600">
                  {t('surveyCard.createdBy', { name: creatorName(survey) })}
                  {change && (
                    <>
                      {' '}
                      · {t('surveyCard.changedBy', { name: change.name })} ·{' '}
                      <time dateTime={change.at} title={formatDateTime(change.at)}>
                        {formatRelativeTime(change.at)}
                      </time>
                    </>
                  )}
                </span>
              )}
            </span>
            <SurveyStateBadge state={survey.state} />
            <ChevronDown
              className={cn('size-4 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-180')}
              aria-hidden="true"
            />
          </CollapsibleTrigger>
        </h3>
        <CollapsibleContent className="space-y-4 border-t border-slate-100 px-4 py-4">
          {survey.state === 'closed' && (
            <p className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2.5 py-1 text-sm font-medium text-slate-700">
              <Lock className="size-3.5" aria-hidden="true" />
              {t('surveyCard.closed')}
            </p>
          )}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('surveyCard.project')}</dt>
              <dd className="mt-0.5 truncate text-slate-900">{survey.projectName}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('surveyCard.created')}</dt>
              <dd className="mt-0.5 text-slate-900">
                <time dateTime={survey.createdAt}>{formatDateTime(survey.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('surveyCard.questions')}
              </dt>
              <dd className="mt-0.5 text-slate-900">{formatCount(survey.questionCount)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('surveyCard.responses')}
              </dt>
              <dd className="mt-0.5 text-slate-900">{formatCount(survey.responseCount)}</dd>
            </div>
          </dl>
          {survey.state === 'active' && <CopyLink url={publicUrlOf(survey)} canCopy />}
          <div
            className="flex flex-wrap gap-2"
            role="group"
            aria-label={t('surveyCard.actionsFor', { title: survey.title })}
          >
            {actions.map((action) => {
              const Icon = ACTION_ICONS[action.label];
              const loading = pendingAction === action.label;
              const blocked = action.activates && atActiveLimit;
              return (
                <Button
                  key={action.label}
                  size="sm"
                  variant={action.label === 'Delete' ? 'danger-secondary' : action.activates ? 'primary' : 'secondary'}
                  disabled={busy || blocked}
                  disabledReason={blocked ? t('contract:validation.activeLimit') : null}
                  loading={loading}
                  onClick={() => onAction(action)}
                >
                  {!loading && <Icon className="size-4" aria-hidden="true" />}
                  {t(STATE_ACTION_KEYS[action.label])}
                </Button>
              );
            })}
            {survey.state === 'active' && (
              <Button size="sm" variant="secondary" onClick={onShare}>
                <Share2 className="size-4" aria-hidden="true" />
                {t('surveyCard.share')}
              </Button>
            )}
            {canEdit && (
              <Button
                size="sm"
                variant="secondary"
                disabled={duplicating !== null}
                loading={duplicating === 'this'}
                onClick={onDuplicate}
              >
                {duplicating !== 'this' && <CopyPlus className="size-4" aria-hidden="true" />}
                {t('surveyCard.duplicate')}
              </Button>
            )}
            {canEdit && isEditable(survey.state) && (
              <Link to={paths.user.editSurvey.getHref(survey)} className={buttonClasses('secondary', 'sm')}>
                <Pencil className="size-4" aria-hidden="true" />
                {t('surveyCard.edit')}
              </Link>
            )}
            <Link to={paths.user.surveyResults.getHref(survey)} className={buttonClasses('ghost', 'sm')}>
              <BarChart3 className="size-4" aria-hidden="true" />
              {t('surveyCard.viewResults')}
            </Link>
            {!canEdit && (
              <Link to={paths.surveyPreview.getHref(survey)} className={buttonClasses('ghost', 'sm')}>
                <Eye className="size-4" aria-hidden="true" />
                {t('surveyCard.preview')}
              </Link>
            )}
          </div>
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}
