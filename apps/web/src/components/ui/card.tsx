import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A white surface with the card radius, a hairline border and a resting shadow. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-card border border-slate-200 bg-white shadow-card', className)} {...props} />;
}
