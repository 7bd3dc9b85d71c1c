import { useEffect, useRef } from 'react';
import { BarChart3, CheckCircle2, ListChecks, Sparkles } from 'lucide-react';
import { PUBLIC_MESSAGES } from '@quorum/contract';
import { paths } from '@/config/paths';
import { buttonClasses } from '@/components/ui/button-base';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PublicFrame } from './public-frame';

const FEATURES = [
  {
    icon: Sparkles,
    title: 'AI-powered survey generation',
    text: 'Describe your idea and get a ready-to-edit survey in seconds.',
  },
  {
    icon: BarChart3,
    title: 'Real-time analytics',
    text: 'Watch responses arrive and see the results as charts, live.',
  },
  {
    icon: ListChecks,
    title: 'Multiple question types',
    text: 'Single and multiple choice, free text, and rating scales.',
  },
];

/** The thank-you page, which also promotes the product: AI generation, real-time analytics, question types. */
export function ThankYou() {
  useDocumentTitle(PUBLIC_MESSAGES.thankYouTitle);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from the survey, focus (and a screen reader) starts at the thanks.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <PublicFrame>
      <div className="space-y-6">
        <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card">
          <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden="true" />
          <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-display text-slate-900">
            {PUBLIC_MESSAGES.thankYouTitle}
          </h1>
          <p className="mx-auto mt-3 max-w-md text-slate-600">{PUBLIC_MESSAGES.thankYouBody}</p>
        </section>
        <section
          aria-labelledby="promo-title"
          className="rounded-card border border-accent-100 bg-accent-50 px-6 py-8 shadow-card sm:px-8"
        >
          <h2 id="promo-title" className="text-center text-xl font-semibold text-slate-900">
            Create your own surveys with Quorum
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-control bg-white p-4 shadow-sm">
                <Icon className="size-6 text-accent-600" aria-hidden="true" />
                <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-8 text-center">
            <a href={paths.auth.register.getHref()} className={buttonClasses('primary', 'lg')}>
              {PUBLIC_MESSAGES.getStarted}
            </a>
          </div>
        </section>
      </div>
    </PublicFrame>
  );
}
