import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';

/** Shown after a successful save, until the redirect to the dashboard. */
export function SuccessOverlay({ message }: { message: string }) {
  const { t } = useTranslation('editor');
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4 dark:bg-black/60 backdrop-blur-sm">
      <div role="status" aria-live="polite" className="w-full max-w-sm rounded-card bg-white p-8 text-center shadow-xl">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-green-100">
          <Check className="size-8 text-green-700" strokeWidth={3} aria-hidden="true" />
        </div>
        <p className="text-lg font-semibold text-slate-900">{message}</p>
        <p className="mt-2 text-sm text-slate-600">{t('form.redirectingToDashboard')}</p>
      </div>
    </div>
  );
}
