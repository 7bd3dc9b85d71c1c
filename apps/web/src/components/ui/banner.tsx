import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { cn } from './cn';

type Tone = 'error' | 'success' | 'info' | 'warning';
const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-accent-200 bg-accent-50 text-accent-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};
const icons = { error: TriangleAlert, success: CheckCircle2, info: Info, warning: TriangleAlert };

/** A message strip. Errors are announced assertively, everything else politely. */
export function Banner({
  tone = 'info',
  title,
  children,
  onClose,
  className,
}: {
  tone?: Tone;
  /** An optional bold first line. */
  title?: ReactNode;
  children: ReactNode;
  onClose?: () => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-control border px-4 py-3 text-sm leading-5 shadow-xs',
        tones[tone],
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          className="-my-1 -me-2 inline-flex size-7 shrink-0 items-center justify-center rounded-md opacity-80 transition hover:bg-black/5 hover:opacity-100"
          aria-label={t('dismissMessage')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
