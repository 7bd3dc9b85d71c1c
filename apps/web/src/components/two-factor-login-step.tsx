import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { loginTwoFactorBodySchema, type LoginTwoFactorBody, type UserType } from '@quorum/contract';
import { AuthCard } from './auth-card';
import { Banner } from './ui/banner';
import { Button } from './ui/button';
import { Form, FormTextField, useZodForm } from './ui/form';
import { errorMessage } from '@/lib/api-client';
import { useLoginTwoFactor } from '@/lib/login-two-factor';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

const codeFormSchema = loginTwoFactorBodySchema.pick({ code: true });
type CodeValues = Pick<LoginTwoFactorBody, 'code'>;

/** After the code the redirect waits 100 ms, as after a password alone. */
const REDIRECT_DELAY_MS = 100;

/**
 * The second step of a login with two-factor sign-in on: the 6-digit code from the authenticator app, or one
 * of the recovery codes. A right code signs in and goes to `home` (the page to return to, or the dashboard);
 * "Back to login" starts over.
 */
export function TwoFactorLoginStep({
  role,
  mfaToken,
  home,
  onCancel,
}: {
  role: UserType;
  /** The ticket the password step answered. */
  mfaToken: string;
  /** Where a signed-in visitor goes. */
  home: string;
  onCancel: () => void;
}) {
  // Back to the password, the login screen's title comes back with it.
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  const { t } = useTranslation('auth');
  useDocumentTitle(t('twoFactor.title'));
  const headingId = useId();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const verify = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useZodForm<CodeValues>(codeFormSchema, { defaultValues: { code: '' } });
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const busy = verify.isPending || redirecting;

  const onSubmit = ({ code }: CodeValues) => {
    if (busy) return;
    setFailure(null);
    verify.mutate(
      { role, body: { mfaToken, code } },
      {
        onSuccess: ({ token, user }) => {
          setRedirecting(true);
          redirectTimer.current = setTimeout(() => {
            signIn(token, user);
            void navigate(home, { replace: true });
          }, REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          setFailure(errorMessage(error, t('twoFactor.failed')));
          form.setValue('code', '');
          form.setFocus('code');
        },
      },
    );
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setFailure(null);
    form.reset({ code: '' });
    form.setFocus('code');
  };

  return (
    <AuthCard
      icon={<KeyRound />}
      title={t('twoFactor.title')}
      titleId={headingId}
      description={recovery ? t('twoFactor.recoveryDescription') : t('twoFactor.totpDescription')}
      footer={
        <button
          type="button"
          onClick={onCancel}
          className="font-medium text-accent-700 underline-offset-2 hover:underline"
        >
          {t('sso.backToLogin')}
        </button>
      }
    >
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
        <FormTextField<CodeValues>
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.authCode')}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          autoFocus
          required
          spellCheck={false}
          autoCapitalize="none"
          disabled={busy}
        />

        {failure && <Banner tone="error">{failure}</Banner>}

        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {verify.isPending ? t('twoFactor.verifying') : redirecting ? t('login.redirecting') : t('twoFactor.verify')}
        </Button>
        <button
          type="button"
          onClick={switchKind}
          disabled={busy}
          className="block w-full text-center text-sm font-medium text-accent-700 underline-offset-2 hover:underline disabled:opacity-60"
        >
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
      </Form>
    </AuthCard>
  );
}
