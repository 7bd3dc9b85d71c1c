import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

/** Edits kept in this browser by an earlier visit of the page, offered back: restore them, or discard them. */
export function KeptEditsBanner({
  keptAt,
  onRestore,
  onDiscard,
}: {
  /** When they were kept (milliseconds since the epoch). */
  keptAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <Banner tone="info" className="mb-6" title={t('form.keptTitle')}>
      <p>{t('form.keptBody', { keptAt: formatDateTime(new Date(keptAt).toISOString()) })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" onClick={onRestore}>
          {t('form.restore')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDiscard}>
          {t('form.discard')}
        </Button>
      </div>
    </Banner>
  );
}
