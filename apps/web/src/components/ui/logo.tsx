import { cn } from './cn';

/** The Quorum mark and word. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-slate-900', className)}>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <circle cx="14.5" cy="14.5" r="7" fill="none" stroke="#fff" strokeWidth="3" />
        <path d="M19.5 19.5 25 25" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {withWord && <span className="text-lg tracking-tight">Quorum</span>}
    </span>
  );
}
