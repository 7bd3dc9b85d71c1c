import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "Print / Save as PDF": the browser's print dialog, laid out by the print stylesheet. Not printed itself. */
export function PrintButton() {
  const { t } = useTranslation('common');
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      <Printer className="size-4" aria-hidden="true" />
      {t('print.button')}
    </Button>
  );
}
