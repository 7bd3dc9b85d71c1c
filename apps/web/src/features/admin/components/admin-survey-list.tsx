import { Link } from 'react-router';
import { BarChart3, FolderOpen, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SurveySummary } from '@quorum/contract';
import { paths } from '@/config/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { SurveyStateBadge } from '@/components/survey-state-badge';
import { currentLanguage } from '@/i18n/i18n';

/** A day ("Mar 1, 2026") in the interface's language. */
export const formatDate = (iso: string) => {
  const date = new Date(iso);
  const language = currentLanguage();
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }).format(date);
};

interface ListProps {
  surveys: SurveySummary[];
  restoringId: string | null;
  onRestore: (survey: SurveySummary) => void;
}

function Creator({ survey }: { survey: SurveySummary }) {
  const { t } = useTranslation('admin');
  const creator = survey.creator;
  return (
    <div className="min-w-0 [overflow-wrap:anywhere]">
      <p className="font-medium text-slate-900">{creator?.name || t('list.unknownUser')}</p>
      {creator?.email && <p className="text-slate-600">{creator.email}</p>}
      <p className="font-mono text-xs text-slate-500">
        <span className="sr-only">{t('list.creatorId')} </span>
        {survey.userId}
      </p>
    </div>
  );
}

function Actions({
  survey,
  restoringId,
  onRestore,
  stacked = false,
}: { survey: SurveySummary; stacked?: boolean } & Omit<ListProps, 'surveys'>) {
  const { t } = useTranslation('admin');
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-2' : 'flex flex-wrap items-center gap-2'}>
      <Link
        to={paths.admin.surveyResults.getHref({ surveyId: survey.surveyId })}
        className={buttonClasses('secondary', 'sm')}
        aria-label={t('list.viewResults', { title: survey.title })}
      >
        <BarChart3 className="size-4" aria-hidden="true" />
        {t('list.results')}
      </Link>
      {survey.state === 'deleted' && (
        <Button
          size="sm"
          variant="primary"
          onClick={() => onRestore(survey)}
          loading={restoringId === survey.surveyId}
          aria-label={t('list.restoreNamed', { title: survey.title })}
        >
          {restoringId !== survey.surveyId && <RotateCcw className="size-4" aria-hidden="true" />}
          {t('surveys.restore')}
        </Button>
      )}
    </div>
  );
}

/** Wide screens: one row per survey. */
export function AdminSurveyTable({ surveys, restoringId, onRestore }: ListProps) {
  const { t } = useTranslation('admin');
  const cell = 'px-3 py-3 first:ps-4 last:pe-4';
  return (
    <div className="hidden overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card xl:block">
      <table className="w-full text-start text-sm [&_th]:text-start">
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={cell}>
              {t('list.survey')}
            </th>
            <th scope="col" className={cell}>
              {t('list.creator')}
            </th>
            <th scope="col" className={cell}>
              {t('list.state')}
            </th>
            <th scope="col" className={cell}>
              {t('list.created')}
            </th>
            <th scope="col" className={`${cell} text-end!`}>
              {t('list.questions')}
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">{t('list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {surveys.map((survey) => (
            <tr key={survey.surveyId} className="align-top hover:bg-slate-50/70">
              <th scope="row" className={`${cell} min-w-48 font-normal [overflow-wrap:anywhere]`}>
                <span className="block font-medium text-slate-900">{survey.title}</span>
                <span className="mt-0.5 flex items-start gap-1.5 text-slate-600">
                  <FolderOpen className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    <span className="sr-only">{t('list.projectPrefix')} </span>
                    {survey.projectName}
                  </span>
                </span>
              </th>
              <td className={`${cell} max-w-64 min-w-52`}>
                <Creator survey={survey} />
              </td>
              <td className={cell}>
                <SurveyStateBadge state={survey.state} />
              </td>
              <td className={`${cell} whitespace-nowrap text-slate-700`}>
                <time dateTime={survey.createdAt}>{formatDate(survey.createdAt)}</time>
              </td>
              <td className={`${cell} text-end text-slate-700 tabular-nums`}>{survey.questionCount}</td>
              <td className={`${cell} w-32`}>
                <Actions survey={survey} restoringId={restoringId} onRestore={onRestore} stacked />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per survey. */
export function AdminSurveyCards({ surveys, restoringId, onRestore }: ListProps) {
  const { t } = useTranslation('admin');
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label={t('surveys.title')}>
      {surveys.map((survey) => (
        <li
          key={survey.surveyId}
          className="flex flex-col rounded-card border border-slate-200 bg-white p-4 shadow-card"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{survey.title}</h2>
            <SurveyStateBadge state={survey.state} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{t('list.creator')}</dt>
            <dd className="min-w-0">
              <Creator survey={survey} />
            </dd>
            <dt className="text-slate-600">{t('list.project')}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-800">{survey.projectName}</dd>
            <dt className="text-slate-600">{t('list.created')}</dt>
            <dd className="text-slate-800">
              <time dateTime={survey.createdAt}>{formatDate(survey.createdAt)}</time>
            </dd>
            <dt className="text-slate-600">{t('list.questions')}</dt>
            <dd className="text-slate-800 tabular-nums">{survey.questionCount}</dd>
          </dl>
          <div className="mt-auto pt-4">
            <Actions survey={survey} restoringId={restoringId} onRestore={onRestore} />
          </div>
        </li>
      ))}
    </ul>
  );
}
