import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, Link2Off } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import {
  changePasswordRules,
  resetPasswordBodySchema,
  unmetPasswordRules,
  type ResetPasswordBody,
} from '@quorum/contract';
import { paths } from '@/config/paths';
import { AuthCard, AuthOutcome } from '@/components/auth-card';
import { PasswordRequirements } from '@/components/password-requirements';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { loginHref } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResetPassword } from '../api/reset-password';

/**
 * The link errors end the screen: the link cannot work any more, only a new one helps. Their titles are in the
 * `auth` catalog, their texts the contract's errors.
 */
const LINK_ERRORS: ReadonlyMap<string, { title: string; text: string }> = new Map([
  ['PASSWORD_RESET_LINK_INVALID', { title: 'reset.linkInvalid', text: 'contract:errors.PASSWORD_RESET_LINK_INVALID' }],
  ['PASSWORD_RESET_LINK_USED', { title: 'reset.linkUsed', text: 'contract:errors.PASSWORD_RESET_LINK_USED' }],
]);

/**
 * Reset password, opened from the mail (`/reset-password?token=…`): the new password twice, under the
 * change-password rules shown live. Success goes to the login page with a success message; an expired or used
 * link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.documentTitle'));
  const headingId = useId();
  const rulesId = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const { state: session, signOut } = useSession();
  const form = useZodForm<ResetPasswordBody>(resetPasswordBodySchema, {
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<{ title: string; text: string } | null>(
    token ? null : (LINK_ERRORS.get('PASSWORD_RESET_LINK_INVALID') ?? null),
  );
  const outcome = useRef<HTMLHeadingElement>(null);

  const [password, confirmPassword] = useWatch({ control: form.control, name: ['password', 'confirmPassword'] });
  const unmet = unmetPasswordRules(password, changePasswordRules);
  const confirmDiffers = confirmPassword !== '' && confirmPassword !== password;

  useEffect(() => {
    if (linkError) outcome.current?.focus();
  }, [linkError]);

  const onSubmit = async (values: ResetPasswordBody) => {
    if (reset.isPending) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ ...values, token });
      // Every session of the account has ended; a browser still signed in here forgets its session too.
      if (session.status === 'signed-in') signOut();
      await navigate(loginHref('user', 'password-reset'), { replace: true });
    } catch (error) {
      const known = error instanceof ApiError && error.code ? LINK_ERRORS.get(error.code) : undefined;
      if (known) setLinkError(known);
      else setFailure(errorMessage(error, t('reset.failed')));
    }
  };

  if (linkError) {
    return (
      <AuthOutcome
        ref={outcome}
        role="alert"
        tone="danger"
        icon={<Link2Off />}
        title={t(linkError.title)}
        action={
          <Link to={paths.auth.forgotPassword.getHref()} className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('reset.requestNew')}
          </Link>
        }
      >
        <p className="mt-3 text-sm text-slate-600">{t(linkError.text)}</p>
      </AuthOutcome>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound />}
      title={t('reset.title')}
      titleId={headingId}
      description={t('reset.description')}
      footer={
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-accent-700 underline-offset-2 hover:underline"
        >
          {t('backToLogin')}
        </Link>
      }
    >
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
        <FormTextField<ResetPasswordBody>
          label={t('fields.newPassword')}
          clears={['confirmPassword']}
          extraDescribedBy={touched ? rulesId : undefined}
          aria-invalid={touched && unmet.length > 0 ? true : undefined}
          below={
            touched && <PasswordRequirements id={rulesId} unmet={unmet} listLabel={t('reset.requirementsLabel')} />
          }
          type="password"
          name="password"
          autoComplete="new-password"
          required
          onFocus={() => setTouched(true)}
          onChange={() => {
            setTouched(true);
            setFailure(null);
          }}
          disabled={reset.isPending}
        />
        <FormTextField<ResetPasswordBody>
          label={t('fields.confirmNewPassword')}
          error={confirmDiffers ? t('contract:validation.passwordsDoNotMatch') : undefined}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          onChange={() => setFailure(null)}
          disabled={reset.isPending}
        />
        {failure && <Banner tone="error">{failure}</Banner>}
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
