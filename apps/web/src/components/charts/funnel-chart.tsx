import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { percentageOf, type Funnel } from '@quorum/contract';
import { formatCount, formatDuration, formatPercentage } from '@/lib/format';

/** A question as the drop-off names it ("Q2: Favourite colour"). */
export interface FunnelQuestion {
  id: string;
  label: string;
}

/** The share of those who reached a question and did not go on from it (0–100, one decimal). */
export const dropOffShare = (reached: number, answered: number) =>
  percentageOf(Math.max(0, reached - answered), reached);

function Bar({ value, of, tone = 'accent' }: { value: number; of: number; tone?: 'accent' | 'light' }) {
  const width = of <= 0 ? 0 : Math.min(100, (value / of) * 100);
  return (
    <span className="block h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <span
        className={
          tone === 'accent' ? 'block h-full rounded-full bg-accent-500' : 'block h-full rounded-full bg-accent-300'
        }
        style={{ width: `${width}%` }}
      />
    </span>
  );
}

/**
 * The public page's funnel: views, starts and completions as bars (each with its share of the views), the
 * completion rate and the median time, then per question how many reached it and how many went on from it, with
 * the share lost there. Every figure is text as well, so the bars are hidden from screen readers.
 */
export function FunnelChart({ funnel, questions }: { funnel: Funnel; questions: readonly FunnelQuestion[] }) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const dropOffId = useId();
  const labels = new Map(questions.map((q) => [q.id, q.label]));
  const stages = [
    { id: 'views', value: funnel.views },
    { id: 'starts', value: funnel.starts },
    { id: 'completions', value: funnel.completions },
  ];
  const dropOff = funnel.dropOff.filter((d) => labels.has(d.questionId));
  return (
    <figure className="m-0 space-y-5" aria-labelledby={headingId} data-testid="funnel-chart">
      <figcaption>
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {t('funnel.title')}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">
          {t('funnel.completionRate', { rate: formatPercentage(funnel.completionRate) })} ·{' '}
          {funnel.medianCompletionSeconds === null
            ? t('funnel.noTime')
            : t('funnel.medianTime', { duration: formatDuration(funnel.medianCompletionSeconds) })}
        </p>
      </figcaption>
      {funnel.views === 0 && <p className="text-sm text-slate-600">{t('funnel.noVisits')}</p>}
      <ul
        className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2.5 sm:gap-x-4"
        aria-label={t('funnel.stages')}
      >
        {stages.map((stage) => (
          <li key={stage.id} className="col-span-3 grid grid-cols-subgrid items-center">
            <span className="text-sm font-medium whitespace-nowrap text-slate-800">
              {t(`funnel.${stage.id}.label`)}
              <span className="sr-only">{t(`funnel.${stage.id}.hint`)}</span>
            </span>
            <Bar value={stage.value} of={Math.max(funnel.views, stage.value)} />
            <span className="text-end text-sm whitespace-nowrap text-slate-600 tabular-nums">
              {formatCount(stage.value)}
              {stage.id !== 'views' && ` · ${formatPercentage(percentageOf(stage.value, funnel.views))}`}
            </span>
          </li>
        ))}
      </ul>
      {dropOff.length > 0 && (
        <div className="space-y-2">
          <h4 id={dropOffId} className="text-sm font-semibold text-slate-900">
            {t('funnel.dropOff')}
          </h4>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-labelledby={dropOffId}>
              <thead>
                <tr className="border-b border-slate-200 text-start text-xs tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('funnel.question')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-end font-medium">
                    {t('funnel.reached')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-end font-medium">
                    {t('funnel.wentOn')}
                  </th>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('funnel.dropped')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {dropOff.map((d) => (
                  <tr key={d.questionId} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-2 pe-3 text-start font-normal text-slate-800">
                      <span className="block break-words">{labels.get(d.questionId)}</span>
                      <span className="mt-1 block max-w-64">
                        <Bar value={d.answered} of={Math.max(funnel.views, d.reached)} />
                      </span>
                    </th>
                    <td className="py-2 pe-3 text-end align-top tabular-nums">{formatCount(d.reached)}</td>
                    <td className="py-2 pe-3 text-end align-top tabular-nums">{formatCount(d.answered)}</td>
                    <td className="py-2 text-end align-top text-slate-600 tabular-nums">
                      {formatPercentage(dropOffShare(d.reached, d.answered))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </figure>
  );
}
