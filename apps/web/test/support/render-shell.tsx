import { useState, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import type { AuthUser, UserType } from '@quorum/contract';
import { SessionProvider, useSession } from '@/lib/session';

export function makeUser(type: UserType, name = type === 'admin' ? 'Ada Admin' : 'Erin Example'): AuthUser {
  return { id: `${type}-1`, name, email: `${type}@example.com`, type };
}

type SessionApi = ReturnType<typeof useSession>;

/** Hands the real session API to the test and holds the app back until the test's sign-in is done. */
function SessionHandle({
  onReady,
  waitForSignIn,
  children,
}: {
  onReady: (api: SessionApi) => void;
  waitForSignIn: boolean;
  children: ReactNode;
}) {
  const session = useSession();
  const [started, setStarted] = useState(!waitForSignIn);
  if (!started && session.state.status === 'signed-in') setStarted(true);
  onReady(session);
  return started || session.state.status === 'signed-in' ? children : null;
}

/**
 * Renders routes in a memory router inside the app's providers. With `user`, it signs in through
 * the real session API (no network) before the router starts, as the login screens do.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', user }: { path?: InitialEntry; user?: AuthUser } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let session: SessionApi | undefined;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SessionHandle onReady={(api) => (session = api)} waitForSignIn={Boolean(user)}>
          <RouterProvider router={router} />
        </SessionHandle>
      </SessionProvider>
    </QueryClientProvider>,
  );
  if (user) act(() => session!.signIn(`token-of-${user.id}`, user));
  return { ...view, router, queryClient, session: () => session! };
}
