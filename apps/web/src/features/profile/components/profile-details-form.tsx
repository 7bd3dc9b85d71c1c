import { useState, type FormEvent } from 'react';
import { nameProblem, type AuthUser, type UserType } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { getBotToken } from '@/lib/bot-check';
import { useSession } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_MESSAGES } from '../lib/messages';

/** Profile Details: the name can change (required; "No changes to update" when unchanged), the email is read-only. */
export function ProfileDetailsForm({ role, user }: { role: UserType; user: AuthUser }) {
  const { updateUser } = useSession();
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [gettingToken, setGettingToken] = useState(false);

  const trimmed = name.trim();
  const unchanged = trimmed === user.name;
  const problem = nameProblem(name);
  const busy = update.isPending || gettingToken;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || problem || unchanged) return;
    setResult(null);
    let recaptchaToken: string;
    setGettingToken(true);
    try {
      recaptchaToken = await getBotToken('profile_update');
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.updateFailed });
      return;
    } finally {
      setGettingToken(false);
    }
    update.mutate(
      { role, body: { name: trimmed, recaptchaToken } },
      {
        onSuccess: (data) => {
          updateUser(data.user);
          setName(data.user.name);
          setResult({ tone: 'success', text: PROFILE_MESSAGES.updated });
        },
        onError: (error) => setResult({ tone: 'error', text: errorMessage(error, PROFILE_MESSAGES.updateFailed) }),
      },
    );
  };

  return (
    <form aria-label="Profile Details" onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      <TextField
        label="Name"
        error={problem}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setResult(null);
        }}
        disabled={busy}
      />
      <TextField
        label="Email"
        hint="Your email cannot be changed."
        type="email"
        name="email"
        value={user.email}
        readOnly
      />

      {result && <Banner tone={result.tone}>{result.text}</Banner>}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy} disabled={Boolean(problem) || unchanged}>
          {busy ? 'Updating...' : 'Update Profile'}
        </Button>
        {unchanged && !result && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {PROFILE_MESSAGES.noChanges}
          </p>
        )}
      </div>
    </form>
  );
}
