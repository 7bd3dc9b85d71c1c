import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckCircle2, Loader2, MailX } from 'lucide-react';
import { paths } from '@/config/paths';
import { buttonClasses } from '@/components/ui/button';
import { AuthOutcome } from '@/components/auth-card';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifyEmail } from '../api/verify-email';

/** The success state redirects to /login after 3 seconds. */
export const VERIFY_REDIRECT_MS = 3000;

/** The email verification screen: verifying, then success or error. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.documentTitle'));
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!verification.isSuccess) return;
    heading.current?.focus();
    const timer = setTimeout(() => void navigate(paths.auth.login.getHref(), { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verification.isSuccess, navigate]);

  useEffect(() => {
    if (verification.isError) heading.current?.focus();
  }, [verification.isError]);

  if (verification.isPending) {
    return (
      <Card className="p-6 text-center sm:p-8">
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-4">
          <Loader2 className="size-8 animate-spin text-accent-600" aria-hidden="true" />
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t('verify.verifying')}</h1>
          <p className="text-sm text-slate-600">{t('verify.moment')}</p>
        </div>
      </Card>
    );
  }

  if (verification.isError) {
    return (
      <AuthOutcome
        ref={heading}
        role="alert"
        tone="danger"
        icon={<MailX />}
        title={t('verify.failedTitle')}
        action={
          <Link to={paths.auth.login.getHref()} className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('register.goToLogin')}
          </Link>
        }
      >
        <p className="mt-3 text-sm text-slate-600">{t('verify.failedText')}</p>
        <p className="mt-1 text-xs text-slate-600">{t('verify.failedHint')}</p>
      </AuthOutcome>
    );
  }

  return (
    <AuthOutcome
      ref={heading}
      role="status"
      tone="success"
      icon={<CheckCircle2 />}
      title={verification.data.alreadyVerified ? t('verify.alreadyTitle') : t('verify.successTitle')}
      action={
        <Link to={paths.auth.login.getHref()} replace className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('register.goToLogin')}
        </Link>
      }
    >
      <p className="mt-3 text-sm text-slate-600">
        {t(verification.data.alreadyVerified ? 'contract:validation.alreadyVerified' : 'contract:validation.verified')}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('verify.redirecting')}</p>
    </AuthOutcome>
  );
}
