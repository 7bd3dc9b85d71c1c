import { useTranslation } from 'react-i18next';

/** Where the respondent is on their path, and how much of it they answered: as text, and drawn as a bar. */
export function RunnerProgress({ position, total, answered }: { position: number; total: number; answered: number }) {
  const { t } = useTranslation('runner');
  const share = total === 0 ? 0 : Math.round((answered / total) * 100);
  return (
    <div>
      <div className="mb-2 flex items-center justify-between text-sm text-slate-600">
        <p aria-live="polite" aria-atomic="true" className="font-medium">
          {t('progress.position', { position, total })}
        </p>
        <p>{answered === total ? t('progress.allAnswered') : t('progress.answered', { answered, total })}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={t('progress.valueText', { answered, total })}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-accent-600 transition-[width] duration-300 ease-standard"
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}
