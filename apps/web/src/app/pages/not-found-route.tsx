import { SessionLoading } from '../guards';
import { AppLayout } from '../layouts/app-layout';
import { AuthLayout } from '../layouts/auth-layout';
import { useSession } from '@/lib/session';
import { NotFoundPage } from './not-found-page';

/**
 * Any unknown path outside the admin area. A signed-in visitor sees the 404 inside their own
 * area's frame (the user area lives at the root, so its unknown paths are these); a signed-out
 * visitor sees it in the auth frame.
 */
export function NotFoundRoute() {
  const { state } = useSession();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status === 'signed-in') {
    return (
      <AppLayout role={state.session.userType}>
        <NotFoundPage />
      </AppLayout>
    );
  }
  return (
    <AuthLayout>
      <NotFoundPage />
    </AuthLayout>
  );
}
