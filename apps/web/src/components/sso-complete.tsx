import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { SSO_CODE_PARAM, type SsoExchangeResponse } from '@quorum/contract';
import { AuthCard } from '@/components/auth-card';
import { Banner } from '@/components/ui/banner';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { takeSsoReturnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The screen single sign-on returns to: it takes the one-time code from the address's fragment (and removes it
 * from the address and the history), trades it for a session once, and goes on to the page the login was asked
 * for from (kept when the sign-on started), or else to `destination`.
 */
export function SsoComplete({
  exchange,
  destination,
  loginHref,
}: {
  exchange: (code: string) => Promise<SsoExchangeResponse>;
  destination: string;
  loginHref: string;
}) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('sso.signingIn'));
  const navigate = useNavigate();
  const { hash, pathname } = useLocation();
  const { signIn } = useSession();
  const trade = useMutation({ mutationFn: exchange });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(hash.slice(1)).get(SSO_CODE_PARAM) ?? '';
    void navigate(pathname, { replace: true });
    trade.mutate(code, {
      onSuccess: ({ token, user }) => {
        signIn(token, user);
        void navigate(takeSsoReturnPath(user.type) ?? destination, { replace: true });
      },
    });
  }, [trade, signIn, navigate, destination, hash, pathname]);

  return (
    <AuthCard icon={<KeyRound />} title={t('sso.signingIn')} description={t('sso.finishing')}>
      {trade.isError ? (
        <Banner tone="error" title={t('sso.failed')}>
          <p>{errorMessage(trade.error, t('sso.exchangeFailed'))}</p>
          <p className="mt-2">
            <Link to={loginHref} className="font-medium underline underline-offset-2 hover:no-underline">
              {t('sso.backToLogin')}
            </Link>
          </p>
        </Banner>
      ) : (
        <Spinner label={t('sso.signingYouIn')} className="justify-start p-0" />
      )}
    </AuthCard>
  );
}
