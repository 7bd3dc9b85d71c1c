import type { ReactNode } from 'react';
import { cn } from './cn';

type Tone = 'accent' | 'neutral' | 'danger';
const discs: Record<Tone, string> = {
  accent: 'bg-accent-50 text-accent-600 ring-accent-50/50',
  neutral: 'bg-slate-100 text-slate-500 ring-slate-100/50',
  danger: 'bg-red-50 text-red-600 ring-red-50/50',
};

/**
 * A centred message for "nothing here yet" (or "could not load") screens: an icon in a soft disc,
 * a title, a line and an action. `tone="danger"` for load failures.
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
  tone = 'accent',
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  tone?: Tone;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
      {icon && (
        <div
          className={cn(
            'mb-1 flex size-16 items-center justify-center rounded-full ring-8 [&_svg]:size-7',
            discs[tone],
          )}
        >
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="max-w-md text-sm leading-6 text-slate-600">{children}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
