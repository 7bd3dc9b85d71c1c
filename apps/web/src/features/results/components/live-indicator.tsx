import type { LiveStatus } from '../hooks/use-live-results';
import { POLL_INTERVAL_MS } from '../hooks/use-live-results';
import { cn } from '@/components/ui/cn';

const LABELS: Record<LiveStatus, { text: string; hint: string }> = {
  live: { text: 'Live', hint: 'New responses appear here as they arrive.' },
  connecting: { text: 'Connecting…', hint: 'Connecting to live updates.' },
  polling: {
    text: `Updating every ${POLL_INTERVAL_MS / 1000} s`,
    hint: 'Live updates are not connected; the results are refreshed on a timer.',
  },
};

/** A subtle dot and word telling whether the numbers update by themselves. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { text, hint } = LABELS[status];
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
