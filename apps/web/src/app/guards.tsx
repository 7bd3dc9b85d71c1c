import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { UserType } from '@quorum/contract';
import { homeFor, loginFor, useSession } from '../lib/session';

/** "Loading..." while the stored session is verified (section 4). */
export function SessionLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}

/** Lets only the given role through; everyone else goes to that role's login page. */
export function RequireRole({ role, children }: { role: UserType; children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status !== 'signed-in' || state.session.userType !== role) {
    return <Navigate to={loginFor(role)} replace state={{ from: location.pathname }} />;
  }
  return children;
}

/** Screens for signed-out visitors only: a signed-in visitor goes to the dashboard of their role. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status === 'signed-in') return <Navigate to={homeFor(state.session.userType)} replace />;
  return children;
}
