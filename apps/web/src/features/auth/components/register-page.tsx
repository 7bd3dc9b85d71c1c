import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { CheckCircle2, MailCheck, UserPlus } from 'lucide-react';
import { paths } from '@/config/paths';
import { registerBodySchema, registrationPasswordRules, unmetPasswordRules } from '@quorum/contract';
import { AuthCard, AuthOutcome } from '@/components/auth-card';
import { PasswordRequirements } from '@/components/password-requirements';
import { SsoSignIn } from '@/components/sso-sign-in';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { getBotToken, preloadBotCheck } from '@/lib/bot-check';
import { NEXT_PARAM } from '@/lib/return-path';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReturnPath } from '@/lib/use-return-path';
import { useRegister } from '../api/register';

type RegisterFormValues = { name: string; email: string; password: string; confirmPassword: string };

/** The login page, returning to the page the registration was asked from (an invitation), when there is one. */
function useLoginHref(): string {
  const next = useReturnPath('user');
  const login = paths.auth.login.getHref();
  return next ? `${login}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}` : login;
}

/** The register screen: name, email, password, confirm password, a link to login. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  return registeredEmail ? (
    <RegistrationSuccessful email={registeredEmail} />
  ) : (
    <RegisterForm onDone={setRegisteredEmail} />
  );
}

function RegisterForm({ onDone }: { onDone: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const requirementsId = useId();
  const register = useRegister();
  const loginHref = useLoginHref();
  // The contract's register schema, in its order: name, email, password, then the confirmation; one message at a time.
  const form = useZodForm<RegisterFormValues>(registerBodySchema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    firstErrorOnly: true,
  });
  /** The live list shows only after the password field was focused or edited, or a submit was tried. */
  const [passwordTouched, setPasswordTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  useEffect(() => preloadBotCheck(), []);

  const password = useWatch({ control: form.control, name: 'password' });
  const unmet = unmetPasswordRules(password, registrationPasswordRules);
  const busy = form.formState.isSubmitting;

  const attempted = () => {
    setSubmitError(null);
    setPasswordTouched(true);
  };

  const onSubmit = async ({ name, email, password, confirmPassword }: RegisterFormValues) => {
    attempted();
    let recaptchaToken: string;
    try {
      recaptchaToken = await getBotToken('register');
    } catch {
      setSubmitError(t('register.failed'));
      return;
    }
    const submittedEmail = email.trim();
    try {
      await register.mutateAsync({ name, email: submittedEmail, password, confirmPassword, recaptchaToken });
      onDone(submittedEmail);
    } catch (error) {
      setSubmitError(errorMessage(error, t('register.failed')));
    }
  };

  return (
    <AuthCard
      icon={<UserPlus />}
      title={t('register.title')}
      titleId={headingId}
      description={t('register.description')}
      footer={
        <Trans
          t={t}
          i18nKey="register.haveAccount"
          components={{
            anchor: <Link to={loginHref} className="font-medium text-accent-700 underline-offset-2 hover:underline" />,
          }}
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} onInvalid={attempted} aria-labelledby={headingId} className="space-y-5">
        <FormTextField<RegisterFormValues>
          label={t('fields.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          disabled={busy}
        />
        <FormTextField<RegisterFormValues>
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          disabled={busy}
        />
        <FormTextField<RegisterFormValues>
          label={t('fields.password')}
          extraDescribedBy={passwordTouched ? requirementsId : undefined}
          below={
            passwordTouched && (
              <PasswordRequirements
                id={requirementsId}
                unmet={unmet}
                intro={t('passwordRequirements.intro')}
                listLabel={t('passwordRequirements.listLabel')}
              />
            )
          }
          type="password"
          name="password"
          autoComplete="new-password"
          required
          onFocus={() => setPasswordTouched(true)}
          onChange={() => setPasswordTouched(true)}
          disabled={busy}
        />
        <FormTextField<RegisterFormValues>
          label={t('fields.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          disabled={busy}
        />

        {submitError && <Banner tone="error">{submitError}</Banner>}

        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
      </Form>
      <SsoSignIn side="user" />
    </AuthCard>
  );
}

/** 'Registration Successful', the note about the link sent to the entered email, and 'Go to Login'. */
function RegistrationSuccessful({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  const loginHref = useLoginHref();
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthOutcome
      ref={heading}
      tone="success"
      icon={<CheckCircle2 />}
      title={t('register.successTitle')}
      action={
        <Link to={loginHref} className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('register.goToLogin')}
        </Link>
      }
    >
      <p className="mt-3 text-sm text-slate-600">
        <MailCheck className="me-1 inline size-4 align-[-3px] text-accent-700" aria-hidden="true" />
        <Trans
          t={t}
          i18nKey="register.sentLink"
          values={{ email }}
          components={{ strong: <strong className="font-semibold break-all text-slate-900" /> }}
        />
      </p>
      <p className="mt-2 text-xs text-slate-600">{t('register.linkValidity')}</p>
    </AuthOutcome>
  );
}
