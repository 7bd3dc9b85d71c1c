import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/format';

/**
 * The header of a printout: the survey title, the filter in words and the print date. Hidden on screen; in print
 * it is fixed at the top, so Chromium repeats it on every page. Put it inside the element with the `print-page`
 * class that holds the printed content: that class reserves the header's room at the top of every page.
 */
export function PrintHeader({
  title,
  filterSummary,
  printedAt,
}: {
  title: string;
  /** The active filters, one part each ("From 1 Mar 2026", "Q2: Colour is "Blue""); none: all responses. */
  filterSummary?: readonly string[] | undefined;
  /** ISO time of the printout. */
  printedAt: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="print-header hidden print:block" data-testid="print-header">
      <p className="text-base font-semibold text-slate-900">{title}</p>
      <p className="text-xs text-slate-700">
        {filterSummary && filterSummary.length > 0
          ? t('print.filters', { filters: filterSummary.join('; ') })
          : t('print.allResponses')}
        {' · '}
        {t('print.printed', { date: formatDateTime(printedAt) })}
      </p>
    </div>
  );
}

/** The time to print in the header: now, and again each time the page is about to be printed. */
export function usePrintTime(): string {
  const [printedAt, setPrintedAt] = useState(() => new Date().toISOString());
  useEffect(() => {
    const update = () => setPrintedAt(new Date().toISOString());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return printedAt;
}
