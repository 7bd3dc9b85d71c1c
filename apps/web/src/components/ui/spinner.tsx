import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { cn } from './cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center gap-2 p-8 text-sm text-slate-600', className)}
    >
      <Loader2 className="size-5 animate-spin text-accent-600" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
