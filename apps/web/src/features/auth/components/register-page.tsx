import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, MailCheck, UserPlus } from 'lucide-react';
import { paths } from '@/config/paths';
import { MESSAGES, nameProblem, registrationPasswordRules, unmetPasswordRules } from '@quorum/contract';
import { AuthCard, AuthOutcome } from '@/components/auth-card';
import { PasswordRequirements } from '@/components/password-requirements';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { getBotToken, preloadBotCheck } from '@/lib/bot-check';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRegister } from '../api/register';

/** A failed registration shows the server's message, else this. */
const REGISTRATION_FAILED = 'Registration failed';

type FieldErrors = { name?: string; password?: string; confirmPassword?: string };

/** The register screen: name, email, password, confirm password, a link to login. */
export function RegisterPage() {
  useDocumentTitle('Register');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  return registeredEmail ? (
    <RegistrationSuccessful email={registeredEmail} />
  ) : (
    <RegisterForm onDone={setRegisteredEmail} />
  );
}

function RegisterForm({ onDone }: { onDone: (email: string) => void }) {
  const headingId = useId();
  const requirementsId = useId();
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  /** The live list shows only after the password field was focused or edited. */
  const [passwordTouched, setPasswordTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [gettingToken, setGettingToken] = useState(false);

  useEffect(() => preloadBotCheck(), []);

  const unmet = unmetPasswordRules(password, registrationPasswordRules);
  const busy = register.isPending || gettingToken;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitError(null);
    setPasswordTouched(true);
    const badName = nameProblem(name);
    if (badName) {
      setFieldErrors({ name: badName });
      return;
    }
    if (unmet.length > 0) {
      setFieldErrors({ password: MESSAGES.passwordRequirements });
      return;
    }
    if (password !== confirmPassword) {
      setFieldErrors({ confirmPassword: MESSAGES.passwordsDoNotMatch });
      return;
    }
    setFieldErrors({});
    let recaptchaToken: string;
    setGettingToken(true);
    try {
      recaptchaToken = await getBotToken('register');
    } catch {
      setSubmitError(REGISTRATION_FAILED);
      return;
    } finally {
      setGettingToken(false);
    }
    const submittedEmail = email.trim();
    register.mutate(
      { name, email: submittedEmail, password, confirmPassword, recaptchaToken },
      {
        onSuccess: () => onDone(submittedEmail),
        onError: (error) => setSubmitError(errorMessage(error, REGISTRATION_FAILED)),
      },
    );
  };

  return (
    <AuthCard
      icon={<UserPlus />}
      title="Register"
      titleId={headingId}
      description="Create an account to build surveys and watch results arrive."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.auth.login.getHref()}
            className="font-medium text-accent-700 underline-offset-2 hover:underline"
          >
            Login
          </Link>
        </>
      }
    >
      <form aria-labelledby={headingId} onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <TextField
          label="Name"
          error={fieldErrors.name}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (fieldErrors.name) setFieldErrors({ ...fieldErrors, name: undefined });
          }}
          disabled={busy}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={busy}
        />
        <TextField
          label="Password"
          error={fieldErrors.password}
          extraDescribedBy={passwordTouched ? requirementsId : undefined}
          below={
            passwordTouched && (
              <PasswordRequirements
                id={requirementsId}
                unmet={unmet}
                intro="Password must have:"
                listLabel="Unmet password requirements"
              />
            )
          }
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onFocus={() => setPasswordTouched(true)}
          onChange={(e) => {
            setPasswordTouched(true);
            setPassword(e.target.value);
            setFieldErrors((current) => ({ ...current, password: undefined }));
          }}
          disabled={busy}
        />
        <TextField
          label="Confirm Password"
          error={fieldErrors.confirmPassword}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => {
            setConfirmPassword(e.target.value);
            setFieldErrors((current) => ({ ...current, confirmPassword: undefined }));
          }}
          disabled={busy}
        />

        {submitError && <Banner tone="error">{submitError}</Banner>}

        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Registering...' : 'Register'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** 'Registration Successful', the note about the link sent to the entered email, and 'Go to Login'. */
function RegistrationSuccessful({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthOutcome
      ref={heading}
      tone="success"
      icon={<CheckCircle2 />}
      title="Registration Successful"
      action={
        <Link to={paths.auth.login.getHref()} className={buttonClasses('primary', 'lg', 'w-full')}>
          Go to Login
        </Link>
      }
    >
      <p className="mt-3 text-sm text-slate-600">
        <MailCheck className="mr-1 inline size-4 align-[-3px] text-accent-700" aria-hidden="true" />
        We sent a verification link to <strong className="font-semibold break-all text-slate-900">{email}</strong>. Open
        it to verify your email, then log in.
      </p>
      <p className="mt-2 text-xs text-slate-600">
        The link is valid for 24 hours. Check your spam folder if it does not arrive.
      </p>
    </AuthOutcome>
  );
}
