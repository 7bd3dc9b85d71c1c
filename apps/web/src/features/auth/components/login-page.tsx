import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { loginBodySchema, type LoginBody } from '@quorum/contract';
import { paths } from '@/config/paths';
import { AuthCard } from '@/components/auth-card';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { LoginFields } from '@/components/login-fields';
import { SsoSignIn } from '@/components/sso-sign-in';
import { LoginNotice } from '@/components/login-notice';
import { useReturnPath } from '@/lib/use-return-path';
import { errorMessage } from '@/lib/api-client';
import { getBotToken, preloadBotCheck } from '@/lib/bot-check';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
import { ForgotPasswordLink } from './forgot-password-link';
import { LOGIN_MESSAGES, loginFailure, type LoginFailure } from '../lib/login-errors';

// The code step loads only when a login asks for a code.
const TwoFactorLoginStep = lazy(async () => ({
  default: (await import('@/components/two-factor-login-step')).TwoFactorLoginStep,
}));

/** After login the redirect to the dashboard waits 100 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

/** The user login: email, password, a link to register. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const headingId = useId();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const returnPath = useReturnPath('user');
  const login = useLogin();
  const form = useZodForm<LoginBody>(loginBodySchema, { defaultValues: { email: '', password: '' } });
  const [failure, setFailure] = useState<(LoginFailure & { email: string }) | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    preloadBotCheck();
    return () => clearTimeout(redirectTimer.current);
  }, []);

  const busy = login.isPending || redirecting;

  const onSubmit = async ({ email, password }: LoginBody) => {
    if (busy) return;
    setFailure(null);
    let recaptchaToken: string;
    try {
      recaptchaToken = await getBotToken('login');
    } catch {
      setFailure({ message: LOGIN_MESSAGES.failed, unverified: false, email });
      return;
    }
    login.mutate(
      { email, password, recaptchaToken },
      {
        onSuccess: (answer) => {
          if ('mfaRequired' in answer) return setMfaToken(answer.mfaToken);
          const { token, user } = answer;
          setRedirecting(true);
          // Signing in sends a signed-in visitor away from this screen, so it happens with the redirect.
          redirectTimer.current = setTimeout(() => {
            signIn(token, user);
            void navigate(returnPath ?? paths.user.dashboard.getHref(), { replace: true });
          }, LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          setFailure({ ...loginFailure(error), email });
          form.setValue('password', '');
        },
      },
    );
  };

  if (mfaToken) {
    const home = returnPath ?? paths.user.dashboard.getHref();
    return (
      <Suspense fallback={<Spinner />}>
        <TwoFactorLoginStep role="user" mfaToken={mfaToken} home={home} onCancel={() => setMfaToken(null)} />
      </Suspense>
    );
  }
  return (
    <AuthCard
      icon={<LogIn />}
      title={t('login.title')}
      titleId={headingId}
      description={t('login.description')}
      footer={
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{
            anchor: (
              <Link
                to={paths.auth.register.getHref()}
                className="font-medium text-accent-700 underline-offset-2 hover:underline"
              />
            ),
          }}
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
        <LoginNotice />
        <LoginFields disabled={busy} />
        <ForgotPasswordLink />

        {failure && (
          <Banner tone="error">
            <p>{failure.message}</p>
            {failure.unverified && <ResendVerification email={failure.email} />}
          </Banner>
        )}

        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {login.isPending ? t('login.submitting') : redirecting ? t('login.redirecting') : t('login.submit')}
        </Button>
      </Form>
      <SsoSignIn side="user" />
    </AuthCard>
  );
}

/** The offer to send the verification link again, for an account that is not verified yet. */
function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  return (
    <div className="mt-2">
      {resend.isSuccess ? (
        <p role="status" className="font-medium">
          {t('contract:validation.resendGeneric')}
        </p>
      ) : (
        <>
          <button
            type="button"
            className="font-medium underline underline-offset-2 hover:no-underline disabled:opacity-60"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email })}
          >
            {resend.isPending ? t('login.resendSending') : t('login.resend')}
          </button>
          {resend.isError && <p className="mt-1">{errorMessage(resend.error, t('login.resendFailed'))}</p>}
        </>
      )}
    </div>
  );
}
