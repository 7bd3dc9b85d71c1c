import { useId, useState, type FormEvent } from 'react';
import { changePasswordRules, unmetPasswordRules, type UserType } from '@quorum/contract';
import { PasswordRequirements } from '@/components/password-requirements';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { PROFILE_MESSAGES } from '../lib/messages';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password: the five rule messages show live, the submit button stays
 * disabled while any fails, a mismatch gives "New passwords do not match", and a success clears
 * the form and keeps this browser signed in with the fresh token.
 */
export function ChangePasswordForm({ role }: { role: UserType }) {
  const { updateToken } = useSession();
  const change = useChangePassword();
  const rulesId = useId();
  const [values, setValues] = useState(EMPTY);
  const [newTouched, setNewTouched] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const unmet = unmetPasswordRules(values.newPassword, changePasswordRules);
  const confirmDiffers = values.confirmPassword !== '' && values.confirmPassword !== values.newPassword;
  const showMismatch = mismatch || confirmDiffers;
  const canSubmit = values.currentPassword !== '' && unmet.length === 0 && !change.isPending;

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setResult(null);
    if (key !== 'currentPassword') setMismatch(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (values.newPassword !== values.confirmPassword) {
      setMismatch(true);
      return;
    }
    setResult(null);
    change.mutate(
      { role, body: { currentPassword: values.currentPassword, newPassword: values.newPassword } },
      {
        onSuccess: (data) => {
          updateToken(data.token);
          setValues(EMPTY);
          setNewTouched(false);
          setMismatch(false);
          setResult({ tone: 'success', text: PROFILE_MESSAGES.passwordUpdated });
        },
        onError: (error) => setResult({ tone: 'error', text: errorMessage(error, PROFILE_MESSAGES.passwordFailed) }),
      },
    );
  };

  return (
    <form aria-label="Change Password" onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Current Password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={values.currentPassword}
        onChange={(e) => set('currentPassword')(e.target.value)}
        disabled={change.isPending}
      />
      <TextField
        label="New Password"
        extraDescribedBy={newTouched ? rulesId : undefined}
        aria-invalid={newTouched && unmet.length > 0 ? true : undefined}
        below={
          newTouched && <PasswordRequirements id={rulesId} unmet={unmet} listLabel="Password requirements not met" />
        }
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={values.newPassword}
        onFocus={() => setNewTouched(true)}
        onChange={(e) => {
          setNewTouched(true);
          set('newPassword')(e.target.value);
        }}
        disabled={change.isPending}
      />
      <TextField
        label="Confirm New Password"
        error={showMismatch ? PROFILE_MESSAGES.newPasswordsDoNotMatch : undefined}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={(e) => set('confirmPassword')(e.target.value)}
        disabled={change.isPending}
      />

      {result && <Banner tone={result.tone}>{result.text}</Banner>}

      <Button type="submit" loading={change.isPending} disabled={!canSubmit}>
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
