import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from './button';

/** The quiet "back" link above a screen's heading: an arrow and a label, as a small ghost button. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses('ghost', 'sm', '-ms-3 text-slate-600')}>
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {children}
    </Link>
  );
}
