import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

/** A white surface with the card radius, a hairline border and a resting shadow. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-card border border-slate-200 bg-white shadow-card', className)} {...props} />;
}

/** A card's heading row: a title (h2 unless told), an optional line of description and actions on the right. */
export function CardHeader({
  title,
  description,
  actions,
  as: Heading = 'h2',
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  as?: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6',
        className,
      )}
    >
      <div className="min-w-0">
        <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** The padded body of a card. */
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...props} />;
}

/** A card's footer row, for its actions. */
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-end gap-2 rounded-b-card border-t border-slate-200 bg-slate-50/60 px-5 py-3 sm:px-6',
        className,
      )}
      {...props}
    />
  );
}
