import { useSearchParams } from 'react-router';
import type { UserType } from '@quorum/contract';
import { NEXT_PARAM, returnPathAfterSignIn, type LoginNotice } from './return-path';

/**
 * The login page's `?next=`, checked, or an invitation opened before signing in: where to go after logging in, or
 * null for the dashboard.
 */
export function useReturnPath(role: UserType): string | null {
  const [params] = useSearchParams();
  return returnPathAfterSignIn(params.get(NEXT_PARAM), role);
}

/** The login page's `?notice=`, when it is one the page knows. */
export function useLoginNotice(): LoginNotice | null {
  const [params] = useSearchParams();
  const notice = params.get('notice');
  return notice === 'session-ended' || notice === 'password-reset' || notice === 'signed-out-everywhere'
    ? notice
    : null;
}
