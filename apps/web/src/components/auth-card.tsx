import { forwardRef, type ReactNode } from 'react';
import { Card } from './ui/card';
import { cn } from './ui/cn';

/**
 * The card of the signed-out screens (login, admin login, register): an icon in a soft disc, the
 * screen's h1 with a line under it, the form, and a footer line with a link to the other screen.
 */
export function AuthCard({
  icon,
  title,
  titleId,
  description,
  children,
  footer,
}: {
  icon: ReactNode;
  title: ReactNode;
  /** The heading's id, for the form's `aria-labelledby`. */
  titleId?: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="p-6 sm:p-8">
      <div className="mb-6 flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-700 [&_svg]:size-5"
        >
          {icon}
        </span>
        <div>
          <h1 id={titleId} className="text-2xl font-semibold tracking-tight text-slate-900">
            {title}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
      </div>
      {children}
      {footer && <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>}
    </Card>
  );
}

const discs = {
  success: 'bg-green-50 text-green-700',
  danger: 'bg-red-50 text-red-700',
} as const;

/**
 * A centred outcome card (registration done, email verified or not): an icon disc, a heading that
 * takes focus when the outcome arrives (pass the ref), the message and an action below. `role`
 * announces it: `alert` for a failure, `status` for a success.
 */
export const AuthOutcome = forwardRef<
  HTMLHeadingElement,
  {
    icon: ReactNode;
    tone: keyof typeof discs;
    title: ReactNode;
    children: ReactNode;
    action: ReactNode;
    role?: 'alert' | 'status';
  }
>(function AuthOutcome({ icon, tone, title, children, action, role }, ref) {
  return (
    <Card className="p-6 text-center sm:p-8">
      <div role={role} aria-live={role === 'status' ? 'polite' : undefined}>
        <span
          aria-hidden="true"
          className={cn('mx-auto flex size-12 items-center justify-center rounded-full [&_svg]:size-6', discs[tone])}
        >
          {icon}
        </span>
        <h1 ref={ref} tabIndex={-1} className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 outline-none">
          {title}
        </h1>
        {children}
      </div>
      <div className="mt-6">{action}</div>
    </Card>
  );
});
