import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@quorum/contract';
import { paths } from '@/config/paths';
import { AuthCard, AuthOutcome } from '@/components/auth-card';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { getBotToken, preloadBotCheck } from '@/lib/bot-check';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useForgotPassword } from '../api/forgot-password';

const linkClasses = 'font-medium text-accent-700 underline-offset-2 hover:underline';

/**
 * Forgot password: an email, and the same answer whatever the email (the server mails a link only to a
 * verified account). The answer replaces the form, with the way back to the login.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.documentTitle'));
  const headingId = useId();
  const request = useForgotPassword();
  const form = useZodForm<ForgotPasswordBody>(forgotPasswordBodySchema, { defaultValues: { email: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const outcome = useRef<HTMLHeadingElement>(null);

  useEffect(() => preloadBotCheck(), []);
  useEffect(() => {
    if (request.isSuccess) outcome.current?.focus();
  }, [request.isSuccess]);

  const onSubmit = async ({ email }: ForgotPasswordBody) => {
    if (request.isPending) return;
    setFailure(null);
    try {
      const recaptchaToken = await getBotToken('password_reset');
      await request.mutateAsync({ email, recaptchaToken });
    } catch (error) {
      setFailure(errorMessage(error, t('forgot.failed')));
    }
  };

  if (request.isSuccess) {
    return (
      <AuthOutcome
        ref={outcome}
        role="status"
        tone="success"
        icon={<MailCheck />}
        title={t('forgot.checkEmail')}
        action={
          <Link to={paths.auth.login.getHref()} className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('backToLogin')}
          </Link>
        }
      >
        <p className="mt-3 text-sm text-slate-600">{t('contract:validation.passwordResetRequested')}</p>
        <p className="mt-1 text-xs text-slate-600">{t('forgot.noMail')}</p>
      </AuthOutcome>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound />}
      title={t('login.forgotPassword')}
      titleId={headingId}
      description={t('forgot.description')}
      footer={
        <Trans
          t={t}
          i18nKey="forgot.remembered"
          components={{ anchor: <Link to={paths.auth.login.getHref()} className={linkClasses} /> }}
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
        <FormTextField<ForgotPasswordBody>
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          onChange={() => setFailure(null)}
          disabled={request.isPending}
        />
        {failure && <Banner tone="error">{failure}</Banner>}
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          {request.isPending ? t('login.resendSending') : t('forgot.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
