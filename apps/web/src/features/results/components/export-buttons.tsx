import { Download, FileSpreadsheet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ResultsFilter } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDownloadResults } from '../api/create-export-link';

const FORMATS: { format: ExportFormat; label: 'export.csv' | 'export.xlsx'; Icon: typeof Download }[] = [
  { format: 'csv', label: 'export.csv', Icon: Download },
  { format: 'xlsx', label: 'export.xlsx', Icon: FileSpreadsheet },
];

/**
 * The two downloads of the results, each through a signed link the browser follows: the CSV and the Excel
 * workbook. With a filter, the files hold only the matching responses, and the buttons say so.
 */
export function ExportButtons({
  surveyId,
  filter,
  filtered,
  empty,
}: {
  surveyId: string;
  filter: ResultsFilter;
  /** Whether a filter is on (the files then hold the matching responses only). */
  filtered: boolean;
  /** No response to download. */
  empty: boolean;
}) {
  const { t } = useTranslation('results');
  const download = useDownloadResults(surveyId);
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end print:hidden">
      <div className="flex flex-wrap gap-2">
        {FORMATS.map(({ format, label, Icon }) => {
          const busy = download.isPending && download.variables?.format === format;
          return (
            <Button
              key={format}
              variant="secondary"
              loading={busy}
              onClick={() => download.mutate({ format, filter })}
              disabled={empty || download.isPending}
              disabledReason={empty ? t('export.empty') : null}
            >
              {!busy && <Icon className="size-4" aria-hidden="true" />}
              {t(label)}
            </Button>
          );
        })}
      </div>
      {filtered && <p className="text-xs text-slate-600">{t('export.filtered')}</p>}
      {download.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(download.error, t('export.failed'))}
        </p>
      )}
    </div>
  );
}
