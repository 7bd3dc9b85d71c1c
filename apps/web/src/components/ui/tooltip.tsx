import { cloneElement, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

type Side = 'top' | 'bottom';
const sides: Record<Side, string> = {
  top: 'bottom-full mb-2',
  bottom: 'top-full mt-2',
};

interface DescribedProps {
  'aria-describedby'?: string;
}

/**
 * A short hint shown on hover and on keyboard focus, and given to the trigger as its accessible
 * description (`aria-describedby`). Escape hides it (WCAG 1.4.13); it stays open while the pointer
 * is over it. The trigger must be focusable: to explain why an action is unavailable, prefer
 * `<Button disabled disabledReason="…">`, which keeps the button focusable with `aria-disabled`.
 * A natively disabled child still shows the hint on hover.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  className,
}: {
  content: ReactNode;
  children: ReactElement<DescribedProps>;
  side?: Side;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <span
      className={cn(
        'relative inline-flex has-[:disabled]:cursor-not-allowed [&>:disabled]:pointer-events-none',
        className,
      )}
      onPointerEnter={() => setOpen(true)}
      onPointerLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={onKeyDown}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className={cn(
          'absolute left-1/2 z-40 w-max max-w-60 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-center text-xs leading-snug font-medium text-white shadow-popover',
          sides[side],
        )}
      >
        {content}
      </span>
    </span>
  );
}
