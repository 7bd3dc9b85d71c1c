import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BarChart3, CheckCircle2, ListChecks, Sparkles } from 'lucide-react';
import { isHttpUrl, PUBLIC_MESSAGES, type ThankYouScreen } from '@quorum/contract';
import { paths } from '@/config/paths';
import { buttonClasses } from '@/components/ui/button-base';
import { useDocumentTitle } from '@/lib/use-document-title';
import { leavePage } from '../lib/leave-page';
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

/** Seconds the thank-you screen stays before a survey's redirect. */
export const REDIRECT_PAUSE_SECONDS = 3;

export interface ThankYouProps {
  /** The survey's own thank-you screen: each text set replaces the product's own; unset ones stay. */
  screen?: ThankYouScreen | null;
  /** The preview names the redirect instead of following it. */
  preview?: boolean;
  /** Above the frame (the preview's bar). */
  banner?: ReactNode;
}

/** The thank-you page, which also promotes the product: AI generation, real-time analytics, question types. */
export function ThankYou({ screen = null, preview = false, banner }: ThankYouProps) {
  const title = screen?.title || PUBLIC_MESSAGES.thankYouTitle;
  const text = screen?.text || PUBLIC_MESSAGES.thankYouBody;
  // Checked again here: only an http(s) address is ever followed.
  const redirectUrl = screen?.redirectUrl && isHttpUrl(screen.redirectUrl) ? screen.redirectUrl : null;
  useDocumentTitle(title);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from the survey, focus (and a screen reader) starts at the thanks.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <PublicFrame banner={banner}>
      <div className="space-y-6">
        <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card">
          <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden="true" />
          <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-display text-slate-900">
            {title}
          </h1>
          <p className="mx-auto mt-3 max-w-md whitespace-pre-line text-slate-600">{text}</p>
          {redirectUrl &&
            (preview ? (
              <p className="mx-auto mt-4 max-w-md text-sm text-slate-600">
                Respondents continue to {hostOf(redirectUrl)} after {REDIRECT_PAUSE_SECONDS} seconds.
              </p>
            ) : (
              <Redirect url={redirectUrl} />
            ))}
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

const hostOf = (url: string) => new URL(url).host;

/**
 * The survey's redirect after a short visible pause: a countdown, a "Continue now" link, and one polite
 * announcement (not one per second) for screen readers.
 */
function Redirect({ url }: { url: string }) {
  const [left, setLeft] = useState(REDIRECT_PAUSE_SECONDS);

  useEffect(() => {
    const timer = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) leavePage(url);
  }, [left, url]);

  return (
    <div className="mx-auto mt-5 max-w-md text-sm text-slate-600">
      <p role="status" aria-live="polite">
        You will be taken to {hostOf(url)} in a few seconds.
      </p>
      <p aria-hidden="true" className="mt-1">
        {left > 0 ? `${left}…` : 'Redirecting…'}
      </p>
      <a href={url} className="mt-2 inline-block font-medium text-accent-700 underline underline-offset-2">
        Continue now
      </a>
    </div>
  );
}
