import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import { SSO_ERROR_PARAM, ssoErrorMessage, type UserType } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { buttonClasses } from '@/components/ui/button';
import { usePublicConfig } from '@/lib/use-public-config';
import { keepReturnPathForSso } from '@/lib/return-path';
import { useReturnPath } from '@/lib/use-return-path';

/**
 * "Sign in with {name}" under a signed-out screen's form, when single sign-on is on (for administrators, when the
 * server names administrator emails), and the reason a single sign-on was refused when the server sent the
 * visitor back with one. The button is a plain link: the server sends the browser on to the provider. The page the
 * login was asked for from is kept for the screen single sign-on returns to.
 */
export function SsoSignIn({ side }: { side: UserType }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const returnPath = useReturnPath(side);
  const sso = usePublicConfig()?.sso;
  const error = params.get(SSO_ERROR_PARAM);
  // One of the contract's codes, worded by the contract (translated in the `contract` catalog).
  const refused = ssoErrorMessage(error) ? t(`contract:ssoErrors.${error}`) : undefined;
  const offered = sso && (side === 'user' || sso.admin);
  if (!refused && !offered) return null;
  return (
    <div className="mt-5 space-y-4">
      {refused && (
        <Banner tone="error" title={t('sso.failed')}>
          <p>{refused}</p>
        </Banner>
      )}
      {offered && (
        <>
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {t('sso.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href={`/api/${side}/auth/sso/start`}
            onClick={() => keepReturnPathForSso(returnPath)}
            className={buttonClasses('secondary', 'lg', 'w-full')}
          >
            <KeyRound className="size-4" aria-hidden="true" />
            {t('sso.signInWith', { name: sso.name })}
          </a>
        </>
      )}
    </div>
  );
}
