import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeUser, renderRoutes } from './support/render-shell';
import { shellRoutes } from './support/shell-routes';
import { paths } from '@/config/paths';

/** Every path the router went through, in order. */
function trackPaths(router: ReturnType<typeof renderRoutes>['router']): string[] {
  const seen = [router.state.location.pathname];
  router.subscribe((state) => {
    if (seen.at(-1) !== state.location.pathname) seen.push(state.location.pathname);
  });
  return seen;
}

describe('session guard', () => {
  it.each([
    [paths.user.dashboard.getHref(), paths.auth.login.getHref(), 'User login'],
    [paths.user.surveys.getHref(), paths.auth.login.getHref(), 'User login'],
    [paths.admin.dashboard.getHref(), paths.auth.adminLogin.getHref(), 'Admin login'],
    [paths.admin.analytics.getHref(), paths.auth.adminLogin.getHref(), 'Admin login'],
  ])('sends a signed-out visitor from %s to %s', async (path, login, heading) => {
    const { router } = renderRoutes(shellRoutes(), { path });
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    expect(router.state.location.pathname).toBe(login);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it.each([
    {
      role: 'user',
      home: paths.user.dashboard.getHref(),
      heading: 'User dashboard',
      other: paths.admin.dashboard.getHref(),
      otherLogin: paths.auth.adminLogin.getHref(),
      otherHeading: 'Admin dashboard',
    },
    {
      role: 'admin',
      home: paths.admin.dashboard.getHref(),
      heading: 'Admin dashboard',
      other: paths.user.profile.getHref(),
      otherLogin: paths.auth.login.getHref(),
      otherHeading: 'User dashboard',
    },
  ] as const)(
    'sends a signed-in $role who opens $other to $otherLogin, which sends them on to their own dashboard',
    async ({ role, home, heading, other, otherLogin, otherHeading }) => {
      const { router } = renderRoutes(shellRoutes(), { path: home, user: makeUser(role) });
      await screen.findByRole('heading', { name: heading });
      const visited = trackPaths(router);
      await act(() => router.navigate(other));
      expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
      expect(visited).toEqual([home, other, otherLogin, home]);
      expect(screen.queryByRole('heading', { name: otherHeading })).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe(role);
    },
  );

  it.each([
    ['user', paths.auth.login.getHref(), paths.user.dashboard.getHref(), 'User dashboard'],
    ['user', paths.auth.adminLogin.getHref(), paths.user.dashboard.getHref(), 'User dashboard'],
    ['admin', paths.auth.adminLogin.getHref(), paths.admin.dashboard.getHref(), 'Admin dashboard'],
    ['admin', paths.auth.login.getHref(), paths.admin.dashboard.getHref(), 'Admin dashboard'],
  ] as const)('sends a signed-in %s who opens %s to %s', async (role, path, home, heading) => {
    const { router } = renderRoutes(shellRoutes(), { path, user: makeUser(role) });
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    expect(router.state.location.pathname).toBe(home);
  });

  it('shows "Loading..." while a stored session is verified, and clears it when it cannot be verified', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    localStorage.setItem(STORAGE_KEYS.userType, 'user');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ ...makeUser('user'), role: 'user' }));
    // The test environment has no server: the verification request fails like an unreachable server.
    const { router } = renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'User dashboard' })).toBeNull();

    expect(await screen.findByRole('heading', { name: 'User login' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.auth.login.getHref());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('placeholders and 404 in the real router', () => {
  it.each([
    ['user', paths.user.surveys.getHref(), 'Surveys', 'Surveys'],
    ['user', paths.user.respondents.getHref(), 'Respondents', 'Respondents'],
    ['user', paths.user.analytics.getHref(), 'Analytics', 'Analytics'],
    ['admin', paths.admin.surveys.getHref(), 'Surveys Overview', 'Surveys'],
    ['admin', paths.admin.respondents.getHref(), 'Respondents Management', 'Respondents'],
    ['admin', paths.admin.analytics.getHref(), 'Analytics Dashboard', 'Analytics'],
  ] as const)('signed in as %s, %s shows the "%s" placeholder', async (role, path, title, feature) => {
    renderRoutes(routes, { path, user: makeUser(role) });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByRole('heading', { name: `${feature} Coming Soon!` })).toBeVisible();
    expect(screen.getByText("We're working hard to bring you this feature. Stay tuned for updates!")).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`${title} · Quorum`));
  });

  it('shows the 404 page to a signed-out visitor in the auth frame, with a link home', async () => {
    renderRoutes(routes, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Quorum. All rights reserved.');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    // The title is set by an effect after the page draws: on a busy machine a moment later.
    await waitFor(() => expect(document.title).toBe('Page Not Found · Quorum'));
  });

  it("shows a signed-in user's unknown paths inside the user area, with a link to the dashboard", async () => {
    renderRoutes(routes, { path: '/surveys/abc/nothing-here', user: makeUser('user') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', paths.user.dashboard.getHref());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      paths.user.dashboard.getHref(),
    );
  });

  it('shows unknown admin paths inside the admin area, with a link to the admin dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/admin/nothing-here', user: makeUser('admin') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', paths.admin.surveys.getHref());
    await user.click(within(nav).getByRole('link', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.admin.analytics.getHref());
  });
});
