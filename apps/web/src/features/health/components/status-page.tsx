import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHealth } from '../api/get-health';

/** A small page that shows whether the server and its database answer. */
export function StatusPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('status.title'));
  const health = useHealth();
  return (
    <section className="mx-auto max-w-md p-8">
      <h1 className="text-2xl font-semibold">{t('status.title')}</h1>
      <p className="mt-4" role="status" aria-live="polite">
        {health.isPending && t('status.checking')}
        {health.isError && t('status.down')}
        {health.isSuccess && t('status.server', { status: health.data.status })}
      </p>
    </section>
  );
}
