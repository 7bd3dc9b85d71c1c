import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BarChart3, CheckCircle2, ListChecks, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isSafeRedirectUrl, type ThankYouScreen } from '@quorum/contract';
import { paths } from '@/config/paths';
import { buttonClasses } from '@/components/ui/button-base';
import { useDocumentTitle } from '@/lib/use-document-title';
import { leavePage } from '../lib/leave-page';
import { PublicFrame } from './public-frame';

/** The product's features on the promotion, by their keys in `thankYou.features`. */
const FEATURES = [
  { icon: Sparkles, key: 'ai' },
  { icon: BarChart3, key: 'analytics' },
  { icon: ListChecks, key: 'questionTypes' },
] as const;

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
  const { t } = useTranslation('runner');
  const title = screen?.title || t('contract:public.thankYouTitle');
  const text = screen?.text || t('contract:public.thankYouBody');
  // Checked again here, by the server's rule: only an http(s) address going to the host it shows is followed.
  const redirectUrl = screen?.redirectUrl && isSafeRedirectUrl(screen.redirectUrl) ? screen.redirectUrl : null;
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
                {t('thankYou.previewRedirect', { host: hostOf(redirectUrl), seconds: REDIRECT_PAUSE_SECONDS })}
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
            {t('thankYou.promoTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {FEATURES.map(({ icon: Icon, key }) => (
              <li key={key} className="rounded-control bg-white p-4 shadow-sm">
                <Icon className="size-6 text-accent-600" aria-hidden="true" />
                <h3 className="mt-2 font-semibold text-slate-900">{t(`thankYou.features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`thankYou.features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
          <div className="mt-8 text-center">
            <a href={paths.auth.register.getHref()} className={buttonClasses('primary', 'lg')}>
              {t('contract:public.getStarted')}
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
  const { t } = useTranslation('runner');
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
        {t('thankYou.redirectNotice', { host: hostOf(url) })}
      </p>
      <p aria-hidden="true" className="mt-1">
        {left > 0 ? t('thankYou.countdown', { seconds: left }) : t('thankYou.redirecting')}
      </p>
      <a href={url} className="mt-2 inline-block font-medium text-accent-700 underline underline-offset-2">
        {t('thankYou.continueNow')}
      </a>
    </div>
  );
}
