import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams, type Location } from 'react-router';
import { Loader2 } from 'lucide-react';
import type { UserType } from '@quorum/contract';
import { homePath, loginPath } from '@/config/paths';
import { NEXT_PARAM, returnPathAfterSignIn } from '@/lib/return-path';
import { useSession } from '@/lib/session';

/** "Loading..." while the stored session is verified with the server. */
export function SessionLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen items-center justify-center gap-2.5 bg-slate-50 text-sm font-medium text-slate-600"
    >
      <Loader2 className="size-5 animate-spin text-accent-600" aria-hidden="true" />
      Loading...
    </div>
  );
}

/** The login page of `role`, with the page asked for (path, query and fragment) to return to after it. */
function loginReturningTo(role: UserType, { pathname, search, hash }: Location): string {
  const next = new URLSearchParams({ [NEXT_PARAM]: `${pathname}${search}${hash}` });
  return `${loginPath(role)}?${next.toString()}`;
}

/**
 * Lets only the given role through; a signed-out visitor or one with the other role goes to this
 * area's login page, which returns them to the page they asked for once they have logged in. That page is for
 * signed-out visitors only, so a visitor signed in with the other role is sent on from there to their own
 * dashboard (the page asked for is not in their area): nobody reaches an area that is not theirs, and nobody is
 * signed out by opening a wrong link. A session that ends here (logging out, deleting the account) goes to the
 * plain login page: nothing interrupted it.
 */
export function RequireRole({ role, children }: { role: UserType; children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  const allowed = state.status === 'signed-in' && state.session.userType === role;
  const [hadSession, setHadSession] = useState(false);
  if (allowed && !hadSession) setHadSession(true);
  if (state.status === 'loading') return <SessionLoading />;
  if (!allowed) {
    return <Navigate to={hadSession ? loginPath(role) : loginReturningTo(role, location)} replace />;
  }
  return children;
}

/**
 * Lets any signed-in visitor through, whatever their role (the survey preview: owners and administrators); a
 * signed-out visitor goes to the login page and comes back after it.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status !== 'signed-in') {
    return <Navigate to={loginReturningTo('user', location)} replace />;
  }
  return children;
}

/**
 * Screens for signed-out visitors only: a signed-in visitor goes to the dashboard of their role, or back to the
 * page a login was asked for from (`?next=`, checked, or an invitation opened before), which is where logging in
 * sends them.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const [params] = useSearchParams();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status === 'signed-in') {
    const role = state.session.userType;
    return <Navigate to={returnPathAfterSignIn(params.get(NEXT_PARAM), role) ?? homePath(role)} replace />;
  }
  return children;
}
