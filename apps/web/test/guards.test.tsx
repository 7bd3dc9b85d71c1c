import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeUser, renderRoutes } from './support/render-shell';
import { shellRoutes } from './support/shell-routes';

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
    ['/dashboard', '/login', 'User login'],
    ['/surveys', '/login', 'User login'],
    ['/admin/dashboard', '/admin/login', 'Admin login'],
    ['/admin/analytics', '/admin/login', 'Admin login'],
  ])('sends a signed-out visitor from %s to %s', async (path, login, heading) => {
    const { router } = renderRoutes(shellRoutes(), { path });
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    expect(router.state.location.pathname).toBe(login);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it("sends a user who opens an admin screen to the admin login, which sends them on to the user's own dashboard", async () => {
    const { router } = renderRoutes(shellRoutes(), { path: '/dashboard', user: makeUser('user') });
    await screen.findByRole('heading', { name: 'User dashboard' });
    const paths = trackPaths(router);
    await act(() => router.navigate('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'User dashboard' })).toBeVisible();
    expect(paths).toEqual(['/dashboard', '/admin/dashboard', '/admin/login', '/dashboard']);
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('user');
  });

  it("sends an admin who opens a user screen to the user login, which sends them on to the admin's dashboard", async () => {
    const { router } = renderRoutes(shellRoutes(), { path: '/admin/dashboard', user: makeUser('admin') });
    await screen.findByRole('heading', { name: 'Admin dashboard' });
    const paths = trackPaths(router);
    await act(() => router.navigate('/profile'));
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    expect(paths).toEqual(['/admin/dashboard', '/profile', '/login', '/admin/dashboard']);
  });

  it.each([
    ['user', '/login', '/dashboard', 'User dashboard'],
    ['user', '/admin/login', '/dashboard', 'User dashboard'],
    ['admin', '/admin/login', '/admin/dashboard', 'Admin dashboard'],
    ['admin', '/login', '/admin/dashboard', 'Admin dashboard'],
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
    const { router } = renderRoutes(shellRoutes(), { path: '/dashboard' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'User dashboard' })).toBeNull();

    expect(await screen.findByRole('heading', { name: 'User login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('placeholders and 404 in the real router', () => {
  it.each([
    ['user', '/surveys', 'Surveys', 'Surveys'],
    ['user', '/respondents', 'Respondents', 'Respondents'],
    ['user', '/analytics', 'Analytics', 'Analytics'],
    ['admin', '/admin/surveys', 'Surveys Overview', 'Surveys'],
    ['admin', '/admin/respondents', 'Respondents Management', 'Respondents'],
    ['admin', '/admin/analytics', 'Analytics Dashboard', 'Analytics'],
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
    expect(document.title).toBe('Page Not Found · Quorum');
  });

  it("shows a signed-in user's unknown paths inside the user area, with a link to the dashboard", async () => {
    renderRoutes(routes, { path: '/surveys/abc/nothing-here', user: makeUser('user') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows unknown admin paths inside the admin area, with a link to the admin dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/admin/nothing-here', user: makeUser('admin') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', '/admin/surveys');
    await user.click(within(nav).getByRole('link', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/analytics');
  });
});
