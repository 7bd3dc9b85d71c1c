import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { updateProfileBodySchema, type AuthUser, type UserType } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { getBotToken } from '@/lib/bot-check';
import { useSession } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_MESSAGES } from '../lib/messages';

type ProfileValues = { name: string };

/**
 * Profile Details: the name can change and is checked as it is typed (the contract's profile schema),
 * the email is shown read-only; an unchanged name says so and cannot be sent.
 */
export function ProfileDetailsForm({ role, user }: { role: UserType; user: AuthUser }) {
  const { t } = useTranslation('profile');
  const { updateUser } = useSession();
  const update = useUpdateProfile();
  const form = useZodForm<ProfileValues>(updateProfileBodySchema, {
    defaultValues: { name: user.name },
    mode: 'onChange',
    reValidateMode: 'onChange',
  });
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // A stored name the rules refuse says so at once, as it would while typing.
  useEffect(() => {
    void form.trigger('name');
  }, [form]);

  const name = useWatch({ control: form.control, name: 'name' });
  const trimmed = name.trim();
  const unchanged = trimmed === user.name;
  const invalid = Boolean(form.formState.errors.name);
  const busy = form.formState.isSubmitting;

  const onSubmit = async () => {
    if (busy || invalid || unchanged) return;
    setResult(null);
    let recaptchaToken: string;
    try {
      recaptchaToken = await getBotToken('profile_update');
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.updateFailed });
      return;
    }
    try {
      const data = await update.mutateAsync({ role, body: { name: trimmed, recaptchaToken } });
      updateUser(data.user);
      form.reset({ name: data.user.name });
      setResult({ tone: 'success', text: PROFILE_MESSAGES.updated });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, PROFILE_MESSAGES.updateFailed) });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('tabs.details')} className="space-y-5">
      <FormTextField<ProfileValues>
        label={t('details.name')}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        onChange={() => setResult(null)}
        disabled={busy}
      />
      <TextField
        label={t('details.email')}
        hint={t('details.emailHint')}
        type="email"
        name="email"
        value={user.email}
        readOnly
      />

      {result && <Banner tone={result.tone}>{result.text}</Banner>}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy} disabled={invalid || unchanged}>
          {busy ? t('password.submitting') : t('details.submit')}
        </Button>
        {unchanged && !result && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {PROFILE_MESSAGES.noChanges}
          </p>
        )}
      </div>
    </Form>
  );
}
