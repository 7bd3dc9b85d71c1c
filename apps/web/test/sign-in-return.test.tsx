import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import type { UserType } from '@quorum/contract';
import { GuestOnly, RequireRole } from '@/app/guards';
import { paths } from '@/config/paths';
import { AdminLoginPage } from '@/features/admin/components/admin-login-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { makeUser, renderRoutes } from './support/render-shell';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The server: every login signs in as `role`. */
function stubLogin(role: UserType) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body =
      path === `/api/${role}/auth/login`
        ? { token: 'session-1', user: { id: `${role}-1`, name: 'Tess', email: `${role}@example.com`, type: role } }
        : {};
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

/** A page of an area, known by its heading. */
function Here({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** The two areas behind their guards and the two login pages, as the app composes them. */
const routes: RouteObject[] = [
  {
    path: paths.auth.login.path,
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    path: paths.auth.adminLogin.path,
    element: (
      <GuestOnly>
        <AdminLoginPage />
      </GuestOnly>
    ),
  },
  {
    path: paths.user.surveyResults.path,
    element: (
      <RequireRole role="user">
        <Here title="Survey results" />
      </RequireRole>
    ),
  },
  {
    path: paths.user.dashboard.path,
    element: (
      <RequireRole role="user">
        <Here title="User dashboard" />
      </RequireRole>
    ),
  },
  {
    path: paths.admin.audit.path,
    element: (
      <RequireRole role="admin">
        <Here title="Audit log" />
      </RequireRole>
    ),
  },
  {
    path: paths.admin.dashboard.path,
    element: (
      <RequireRole role="admin">
        <Here title="Admin dashboard" />
      </RequireRole>
    ),
  },
];

async function logIn(button: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Email/), 'someone@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
  await user.click(screen.getByRole('button', { name: button }));
}

const location = (router: ReturnType<typeof renderRoutes>['router']) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

describe('a sign-in that interrupted the visitor', { timeout: 20_000 }, () => {
  it('returns a user to the page they asked for, with its query and fragment', async () => {
    stubLogin('user');
    const asked = `${paths.user.surveyResults.getHref({ surveyId: 'x' })}?view=table#q2`;
    const { router } = renderRoutes(routes, { path: asked });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(location(router)).toBe(`${paths.auth.login.getHref()}?next=${encodeURIComponent(asked)}`);

    await logIn('Login');
    expect(await screen.findByRole('heading', { name: 'Survey results' })).toBeVisible();
    expect(location(router)).toBe(asked);
  });

  it('returns an administrator to the page of their own area they asked for', async () => {
    stubLogin('admin');
    const asked = `${paths.admin.audit.getHref()}?types=login`;
    const { router } = renderRoutes(routes, { path: asked });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(location(router)).toBe(`${paths.auth.adminLogin.getHref()}?next=${encodeURIComponent(asked)}`);

    await logIn('Log in');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeVisible();
    expect(location(router)).toBe(asked);
  });

  it.each([
    ['another site', '//evil.example/surveys'],
    ['an absolute address', 'https://evil.example/'],
    ['the administrators’ area', paths.admin.audit.getHref()],
  ])('sends a user to their dashboard when the return path is %s', async (_, next) => {
    stubLogin('user');
    const { router } = renderRoutes(routes, {
      path: `${paths.auth.login.getHref()}?next=${encodeURIComponent(next)}`,
    });
    await logIn('Login');
    expect(await screen.findByRole('heading', { name: 'User dashboard' })).toBeVisible();
    expect(location(router)).toBe(paths.user.dashboard.getHref());
  });

  it.each(['user', 'admin'] as const)(
    'after logging out (nothing interrupted them), the %s login page has no page to return to',
    async (role) => {
      const page = role === 'admin' ? paths.admin.audit.getHref() : paths.user.surveyResults.getHref({ surveyId: 'x' });
      const { router, session } = renderRoutes(routes, { path: page, user: makeUser(role) });
      await screen.findByRole('heading', { name: role === 'admin' ? 'Audit log' : 'Survey results' });
      act(() => session().signOut());
      expect(await screen.findByRole('heading', { name: role === 'admin' ? 'Admin Login' : 'Login' })).toBeVisible();
      expect(location(router)).toBe(role === 'admin' ? paths.auth.adminLogin.getHref() : paths.auth.login.getHref());
    },
  );
});
