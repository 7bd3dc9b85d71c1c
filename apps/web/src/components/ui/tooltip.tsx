import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';

type Side = 'top' | 'bottom';

interface DescribedProps {
  'aria-describedby'?: string;
}

/**
 * A short hint shown on hover and on keyboard focus (Radix Tooltip: Escape hides it, it stays open
 * while the pointer is over it). The trigger always carries the text as its accessible description,
 * shown or not, so screen-reader and touch users get it too. The trigger must be focusable: to explain
 * why an action is unavailable, use `<Button disabled disabledReason="…">`, which keeps the button
 * focusable with `aria-disabled`.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactElement<DescribedProps>;
  side?: Side;
}) {
  const id = useId();
  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <TooltipPrimitive.Provider delayDuration={0} skipDelayDuration={0}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>
          {cloneElement(children, { 'aria-describedby': describedBy })}
        </TooltipPrimitive.Trigger>
        {/* Not portalled: the hint stays inside the page's landmarks, next to its trigger. */}
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
          collisionPadding={8}
          className="z-40 w-max max-w-60 rounded-md bg-slate-900 px-2.5 py-1.5 text-center text-xs leading-snug font-medium text-white shadow-popover"
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Root>
      <span id={id} hidden>
        {content}
      </span>
    </TooltipPrimitive.Provider>
  );
}
