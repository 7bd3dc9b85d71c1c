import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeUser, renderRoutes } from './support/render-shell';
import { shellRoutes } from './support/shell-routes';
import { paths } from '@/config/paths';

const sidebar = () => screen.getByRole('navigation', { name: 'Main' });
const linkTargets = () =>
  within(sidebar())
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
/** The links the sidebar of an area (the user's or the administrator's) lists, in order. */
const areaLinks = (area: typeof paths.user | typeof paths.admin) => [
  ['Dashboard', area.dashboard.getHref()],
  ['Surveys', area.surveys.getHref()],
  ['Respondents', area.respondents.getHref()],
  ['Analytics', area.analytics.getHref()],
  ['Settings', area.profile.getHref()],
];

describe('app layout', () => {
  it('shows the user area sidebar, marks the current page and shows the name in the top bar', async () => {
    renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user', 'Erin Example') });
    await screen.findByRole('heading', { name: 'User dashboard' });
    expect(linkTargets()).toEqual(areaLinks(paths.user));
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Surveys' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('banner')).toHaveTextContent('Erin Example');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('prefixes every admin path with /admin', async () => {
    renderRoutes(shellRoutes(), { path: paths.admin.dashboard.getHref(), user: makeUser('admin') });
    await screen.findByRole('heading', { name: 'Admin dashboard' });
    // The administrators' area also lists the audit log, before Settings.
    const links = areaLinks(paths.admin);
    expect(linkTargets()).toEqual([
      ...links.slice(0, -1),
      ['Audit Log', paths.admin.audit.getHref()],
      ...links.slice(-1),
    ]);
    expect(screen.getByRole('banner')).toHaveTextContent('Ada Admin');
  });

  it('shows "User" when the user has no name', async () => {
    renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user', '  ') });
    await screen.findByRole('heading', { name: 'User dashboard' });
    expect(screen.getByTitle('User')).toHaveTextContent(/^User$/);
  });

  it('moves the current-page mark when the user navigates; Settings opens the profile', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    await screen.findByRole('heading', { name: 'User dashboard' });

    await user.click(within(sidebar()).getByRole('link', { name: 'Respondents' }));
    expect(await screen.findByRole('heading', { name: 'Respondents Coming Soon!' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.user.respondents.getHref());
    expect(within(sidebar()).getByRole('link', { name: 'Respondents' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await user.click(within(sidebar()).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'User profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.user.profile.getHref());
  });

  it.each([
    ['user', paths.auth.login.getHref(), paths.user.dashboard.getHref(), 'User login'],
    ['admin', paths.auth.adminLogin.getHref(), paths.admin.dashboard.getHref(), 'Admin login'],
  ] as const)('logout clears the session and sends a %s to %s', async (role, login, start, heading) => {
    const user = userEvent.setup();
    const { router } = renderRoutes(shellRoutes(), { path: start, user: makeUser(role) });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
    expect(router.state.location.pathname).toBe(login);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });

  it('has a skip link that moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    await screen.findByRole('heading', { name: 'User dashboard' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('narrow-screen menu', () => {
  const menuButton = () => screen.getByRole('button', { name: 'Menu' });

  it('is a disclosure button for the sidebar; opening moves focus in, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    await screen.findByRole('heading', { name: 'User dashboard' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', sidebar().id);

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();

    // Keyboard only: Enter opens it, Enter on a link follows it.
    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(sidebar()).getByRole('link', { name: 'Surveys' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Surveys Coming Soon!' })).toBeVisible();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('closes when the route changes by other means and when focus leaves it', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    await screen.findByRole('heading', { name: 'User dashboard' });

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await act(() => router.navigate(paths.user.analytics.getHref()));
    expect(await screen.findByRole('heading', { name: 'Analytics Coming Soon!' })).toBeVisible();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await act(() => router.navigate('/failing'));
    await user.click(menuButton());
    act(() => within(sidebar()).getByRole('link', { name: 'Settings' }).focus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fail' })).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when its toggle is pressed again', async () => {
    const user = userEvent.setup();
    renderRoutes(shellRoutes(), { path: paths.user.dashboard.getHref(), user: makeUser('user') });
    await screen.findByRole('heading', { name: 'User dashboard' });
    await user.click(menuButton());
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });
});
