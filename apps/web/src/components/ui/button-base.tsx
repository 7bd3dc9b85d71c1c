import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from './cn';

export type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-secondary';
export type Size = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center rounded-control font-medium whitespace-nowrap select-none transition-colors duration-150 ease-standard disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55 [&_svg]:shrink-0';

const variants: Record<Variant, string> = {
  primary:
    'bg-accent-600 text-white shadow-sm hover:bg-accent-700 active:bg-accent-800 disabled:hover:bg-accent-600 aria-disabled:hover:bg-accent-600',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:border-slate-400 hover:bg-slate-50 active:bg-slate-100 disabled:hover:bg-white aria-disabled:hover:bg-white',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200 disabled:hover:bg-transparent',
  danger:
    'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 disabled:hover:bg-red-600 aria-disabled:hover:bg-red-600',
  /** A destructive action among others (it asks for confirmation): outlined, so it does not shout. */
  'danger-secondary':
    'border border-red-300 bg-white text-red-700 shadow-sm hover:border-red-400 hover:bg-red-50 active:bg-red-100 disabled:hover:bg-white aria-disabled:hover:bg-white',
};
const sizes: Record<Size, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  lg: 'h-11 gap-2 px-5 text-base',
  icon: 'size-10',
};

export interface ButtonBaseProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner before the label, sets `aria-busy` and disables the button. */
  loading?: boolean;
}

/**
 * The button's look and loading state, without the tooltip that explains a disabled button (`Button`).
 * The public survey page uses it directly, so it never loads the tooltip's code; everywhere else, use `Button`.
 */
export const ButtonBase = forwardRef<HTMLButtonElement, ButtonBaseProps>(function ButtonBase(
  { variant = 'primary', size = 'md', className, type = 'button', loading = false, disabled, children, ...props },
  ref,
) {
  return (
    <button
      {...props}
      ref={ref}
      type={type}
      className={cn(base, variants[variant], sizes[size], className)}
      disabled={disabled || loading}
      aria-busy={loading || props['aria-busy']}
    >
      {loading && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  );
});

/** Classes to make a link look like a button. */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return cn(base, variants[variant], sizes[size], className);
}
