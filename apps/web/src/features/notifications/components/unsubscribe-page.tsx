import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BellOff, CheckCircle2, Link2Off } from 'lucide-react';
import { type UnsubscribeResponse } from '@quorum/contract';
import { paths } from '@/config/paths';
import { AuthCard, AuthOutcome } from '@/components/auth-card';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * Unsubscribe, opened from a notification mail (`/notifications/unsubscribe?token=…`), signed in or not. Opening
 * the page changes nothing (mail scanners open links): it explains, and one button turns the survey's emails
 * about new responses off; the confirmation names the survey. A link that cannot work says so.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('unsubscribe.documentTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const [done, setDone] = useState<UnsubscribeResponse | null>(null);
  const [invalid, setInvalid] = useState(token === '');
  const [failure, setFailure] = useState<string | null>(null);
  const outcome = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done || invalid) outcome.current?.focus();
  }, [done, invalid]);

  const onUnsubscribe = async () => {
    if (unsubscribe.isPending) return;
    setFailure(null);
    try {
      setDone(await unsubscribe.mutateAsync({ token }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNSUBSCRIBE_LINK_INVALID') setInvalid(true);
      else setFailure(errorMessage(error, t('unsubscribe.failed')));
    }
  };

  const toLogin = (
    <Link to={paths.auth.login.getHref()} className={buttonClasses('secondary', 'lg', 'w-full')}>
      {t('unsubscribe.goToQuorum')}
    </Link>
  );

  if (invalid) {
    return (
      <AuthOutcome
        ref={outcome}
        role="alert"
        tone="danger"
        icon={<Link2Off />}
        title={t('unsubscribe.invalidTitle')}
        action={toLogin}
      >
        <p className="mt-3 text-sm text-slate-600">
          {t('unsubscribe.invalidText', { reason: t('contract:errors.UNSUBSCRIBE_LINK_INVALID') })}
        </p>
      </AuthOutcome>
    );
  }

  if (done) {
    return (
      <AuthOutcome
        ref={outcome}
        role="status"
        tone="success"
        icon={<CheckCircle2 />}
        title={t('unsubscribe.doneTitle')}
        action={toLogin}
      >
        <p className="mt-3 text-sm break-words text-slate-600">
          {t('unsubscribe.doneText', { title: done.surveyTitle })}
        </p>
      </AuthOutcome>
    );
  }

  return (
    <AuthCard icon={<BellOff />} title={t('unsubscribe.title')} description={t('unsubscribe.description')}>
      <div className="space-y-4">
        {failure && <Banner tone="error">{failure}</Banner>}
        <p className="text-sm text-slate-600">{t('unsubscribe.note')}</p>
        <Button size="lg" className="w-full" onClick={() => void onUnsubscribe()} loading={unsubscribe.isPending}>
          {t('unsubscribe.submit')}
        </Button>
      </div>
    </AuthCard>
  );
}
