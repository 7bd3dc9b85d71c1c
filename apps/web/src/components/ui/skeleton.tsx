import { cn } from './cn';

/**
 * A grey placeholder block shaped like the content that is loading. Decorative: pair it with a
 * `Spinner` or a `role="status"` text so screen readers hear that something is loading.
 */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80', className)} />;
}
