import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BotCheckAction, LoginBody, LoginResponse, UserType } from '@quorum/contract';
import { Spinner } from '@/components/ui/spinner';
import { getBotToken, preloadBotCheck } from '@/lib/bot-check';
import { useSession } from '@/lib/session';

// The code step loads only when a login asks for a code.
const TwoFactorLoginStep = lazy(async () => ({
  default: (await import('./two-factor-login-step')).TwoFactorLoginStep,
}));

/** After login the redirect to the dashboard waits 100 ms. */
const REDIRECT_DELAY_MS = 100;

type LoginMutation = UseMutationResult<LoginResponse, Error, LoginBody>;

/**
 * The password step both login pages share: the bot check, the login call, the short wait before the redirect,
 * and the two-factor code step when the account asks for one. The page keeps its own form and its own
 * reading of a failure.
 */
export function usePasswordLogin({
  role,
  botAction,
  login,
  home,
}: {
  role: UserType;
  botAction: BotCheckAction;
  login: LoginMutation;
  /** Where a signed-in visitor goes. */
  home: string;
}) {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [redirecting, setRedirecting] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    preloadBotCheck();
    return () => clearTimeout(redirectTimer.current);
  }, []);

  const submit = async (
    { email, password }: LoginBody,
    handlers: {
      /** The bot check could not give a token: nothing was sent. */
      onBotCheckFailed: () => void;
      /** The password was right (a code may still be asked for). */
      onAccepted?: () => void;
      onError: (failure: Error) => void;
    },
  ) => {
    let recaptchaToken: string;
    try {
      recaptchaToken = await getBotToken(botAction);
    } catch {
      handlers.onBotCheckFailed();
      return;
    }
    login.mutate(
      { email, password, recaptchaToken },
      {
        onSuccess: (answer) => {
          handlers.onAccepted?.();
          if ('mfaRequired' in answer) return setMfaToken(answer.mfaToken);
          const { token, user } = answer;
          setRedirecting(true);
          // Signing in sends a signed-in visitor away from this screen, so it happens with the redirect.
          redirectTimer.current = setTimeout(() => {
            signIn(token, user);
            void navigate(home, { replace: true });
          }, REDIRECT_DELAY_MS);
        },
        onError: handlers.onError,
      },
    );
  };

  const twoFactorStep: ReactNode = mfaToken ? (
    <Suspense fallback={<Spinner />}>
      <TwoFactorLoginStep role={role} mfaToken={mfaToken} home={home} onCancel={() => setMfaToken(null)} />
    </Suspense>
  ) : null;

  return { submit, redirecting, busy: login.isPending || redirecting, twoFactorStep };
}
