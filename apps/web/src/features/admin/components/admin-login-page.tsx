import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
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
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminLogin } from '../api/admin-login';
import { useAdminLockout } from '../hooks/use-admin-lockout';
import {
  ADMIN_LOGIN_MESSAGES,
  classifyLoginFailure,
  clientLockMessage,
  lockedByServer,
  remainingAttempts,
  withFailure,
} from '../lib/admin-lockout';

/** 'Admin Login': separate from the user login, with a lockout after 3 failures. */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('login.title'));
  const headingId = useId();
  const returnPath = useReturnPath('admin');
  const login = useAdminLogin();
  const lockout = useAdminLockout();
  const form = useZodForm<LoginBody>(loginBodySchema, { defaultValues: { email: '', password: '' } });
  /** A message from the last attempt; the lock message is derived so its minutes stay current. */
  const [error, setError] = useState<{ text: string; serverLock: boolean } | null>(null);
  const { submit, redirecting, busy, twoFactorStep } = usePasswordLogin({
    role: 'admin',
    botAction: 'admin_login',
    login,
    home: returnPath ?? paths.admin.dashboard.getHref(),
  });

  const locked = lockout.locked;
  // While locked, the client-side message counts down; a lock the server reported keeps its words.
  const message = locked
    ? error?.serverLock
      ? error.text
      : clientLockMessage(lockout.state, lockout.now)
    : error?.serverLock
      ? null
      : (error?.text ?? null);
  const remaining = remainingAttempts(lockout.state);

  const onSubmit = async (body: LoginBody) => {
    if (locked || busy) return;
    setError(null);
    await submit(body, {
      onBotCheckFailed: () => setError({ text: ADMIN_LOGIN_MESSAGES.failed, serverLock: false }),
      onAccepted: lockout.reset,
      onError: (failure) => {
        const now = Date.now();
        const outcome = classifyLoginFailure(failure);
        if (outcome.kind === 'locked') {
          lockout.update(lockedByServer(outcome.minutes, now));
          setError({ text: outcome.message, serverLock: true });
        } else if (outcome.kind === 'invalid-credentials') {
          const next = withFailure(lockout.state, now);
          lockout.update(next);
          setError({ text: outcome.message, serverLock: false });
        } else {
          setError({ text: outcome.message, serverLock: false });
        }
        form.setValue('password', '');
      },
    });
  };

  if (twoFactorStep) return twoFactorStep;
  return (
    <AuthCard
      icon={<ShieldCheck />}
      title={t('login.title')}
      titleId={headingId}
      description={t('login.description')}
      footer={
        <>
          <Trans
            t={t}
            i18nKey="login.notAdmin"
            components={{
              userlogin: (
                <Link
                  to={paths.auth.login.getHref()}
                  className="font-medium text-accent-700 underline-offset-2 hover:underline"
                />
              ),
            }}
          />
        </>
      }
    >
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
        <LoginNotice />
        <LoginFields disabled={busy} />

        {message && <Banner tone="error">{message}</Banner>}
        <p aria-live="polite" className="text-sm text-slate-700">
          {!locked && lockout.state.failures > 0 && (
            <>
              <Trans
                t={t}
                i18nKey="login.remaining"
                values={{ remaining }}
                components={{ strong: <strong className="font-semibold" /> }}
              />
            </>
          )}
        </p>

        <Button type="submit" size="lg" className="w-full" disabled={locked} loading={busy}>
          {login.isPending ? t('login.loggingIn') : redirecting ? t('login.redirecting') : t('login.submit')}
        </Button>
      </Form>
      <SsoSignIn side="admin" />
    </AuthCard>
  );
}
