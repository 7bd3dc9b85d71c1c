import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { loginBodySchema, type LoginBody } from '@quorum/contract';
import { paths } from '@/config/paths';
import { AuthCard } from '@/components/auth-card';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, useZodForm } from '@/components/ui/form';
import { LoginFields } from '@/components/login-fields';
import { SsoSignIn } from '@/components/sso-sign-in';
import { usePasswordLogin } from '@/components/use-password-login';
import { LoginNotice } from '@/components/login-notice';
import { useReturnPath } from '@/lib/use-return-path';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
import { ForgotPasswordLink } from './forgot-password-link';
import { LOGIN_MESSAGES, loginFailure, type LoginFailure } from '../lib/login-errors';

/** The user login: email, password, a link to register. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const headingId = useId();
  const returnPath = useReturnPath('user');
  const login = useLogin();
  const form = useZodForm<LoginBody>(loginBodySchema, { defaultValues: { email: '', password: '' } });
  const [failure, setFailure] = useState<(LoginFailure & { email: string }) | null>(null);
  const { submit, redirecting, busy, twoFactorStep } = usePasswordLogin({
    role: 'user',
    botAction: 'login',
    login,
    home: returnPath ?? paths.user.dashboard.getHref(),
  });

  const onSubmit = async (body: LoginBody) => {
    if (busy) return;
    setFailure(null);
    await submit(body, {
      onBotCheckFailed: () => setFailure({ message: LOGIN_MESSAGES.failed, unverified: false, email: body.email }),
      onError: (error) => {
        setFailure({ ...loginFailure(error), email: body.email });
        form.setValue('password', '');
      },
    });
  };

  if (twoFactorStep) return twoFactorStep;
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
