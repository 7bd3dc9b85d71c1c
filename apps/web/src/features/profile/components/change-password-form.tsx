import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  MESSAGES,
  changePasswordBodySchema,
  changePasswordRules,
  unmetPasswordRules,
  type UserType,
} from '@quorum/contract';
import { PasswordRequirements } from '@/components/password-requirements';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { PROFILE_MESSAGES } from '../lib/messages';

/** The contract's change-password body, plus the confirmation, which must repeat the new password. */
const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    // The contract's English: the form shows it in the interface's language (translateValidationMessage).
    error: MESSAGES.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });
type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password: the five rule messages show live once the new password is focused or edited, the
 * submit button stays disabled while any fails, a confirmation that differs says "New passwords do not
 * match" (as it is typed, and on submit), and a success clears the form and keeps this browser signed in
 * with the fresh token.
 */
export function ChangePasswordForm({ role }: { role: UserType }) {
  const { t } = useTranslation('profile');
  const { updateToken } = useSession();
  const change = useChangePassword();
  const rulesId = useId();
  const form = useZodForm<ChangePasswordValues>(changePasswordFormSchema, { defaultValues: EMPTY });
  const [newTouched, setNewTouched] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const [currentPassword, newPassword, confirmPassword] = useWatch({
    control: form.control,
    name: ['currentPassword', 'newPassword', 'confirmPassword'],
  });
  const unmet = unmetPasswordRules(newPassword, changePasswordRules);
  const confirmDiffers = confirmPassword !== '' && confirmPassword !== newPassword;
  const canSubmit = currentPassword !== '' && unmet.length === 0 && !change.isPending;

  const onSubmit = async (values: ChangePasswordValues) => {
    if (!canSubmit) return;
    setResult(null);
    try {
      const data = await change.mutateAsync({
        role,
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      updateToken(data.token);
      form.reset(EMPTY);
      setNewTouched(false);
      setResult({ tone: 'success', text: PROFILE_MESSAGES.passwordUpdated });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, PROFILE_MESSAGES.passwordFailed) });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('password.title')} className="space-y-5">
      <FormTextField<ChangePasswordValues>
        label={t('password.current')}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        onChange={() => setResult(null)}
        disabled={change.isPending}
      />
      <FormTextField<ChangePasswordValues>
        label={t('password.new')}
        clears={['confirmPassword']}
        extraDescribedBy={newTouched ? rulesId : undefined}
        aria-invalid={newTouched && unmet.length > 0 ? true : undefined}
        below={
          newTouched && <PasswordRequirements id={rulesId} unmet={unmet} listLabel={t('password.requirementsLabel')} />
        }
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        onFocus={() => setNewTouched(true)}
        onChange={() => {
          setNewTouched(true);
          setResult(null);
        }}
        disabled={change.isPending}
      />
      <FormTextField<ChangePasswordValues>
        label={t('password.confirmNew')}
        error={confirmDiffers ? PROFILE_MESSAGES.newPasswordsDoNotMatch : undefined}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        onChange={() => setResult(null)}
        disabled={change.isPending}
      />

      {result && <Banner tone={result.tone}>{result.text}</Banner>}

      <Button type="submit" loading={change.isPending} disabled={!canSubmit}>
        {change.isPending ? t('password.submitting') : t('password.submit')}
      </Button>
    </Form>
  );
}
