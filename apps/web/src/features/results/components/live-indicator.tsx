import type { LiveStatus } from '../hooks/use-live-results';
import { POLL_INTERVAL_MS } from '../hooks/use-live-results';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** A subtle dot and word telling whether the numbers update by themselves. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('results');
  const text = t(`live.${status}.text`, { seconds: POLL_INTERVAL_MS / 1000 });
  const hint = t(`live.${status}.hint`);
  return (
    <span
      role="status"
      title={hint}
      data-live-status={status}
      className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600"
    >
      <span className="relative flex size-2" aria-hidden="true">
        {status === 'live' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-60" />
        )}
        <span
          className={cn(
            'relative inline-flex size-2 rounded-full',
            status === 'live' ? 'bg-green-600' : status === 'connecting' ? 'bg-amber-500' : 'bg-slate-400',
          )}
        />
      </span>
      {text}
      <span className="sr-only">. {hint}</span>
    </span>
  );
}
