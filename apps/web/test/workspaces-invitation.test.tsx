import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { ERROR_MESSAGES, type AuthUser, type InvitationPreview } from '@quorum/contract';
import { GuestOnly, RequireRole } from '@/app/guards';
import { WorkspaceSwitcher } from '@/components/workspace-switcher';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { InvitationPage } from '@/features/workspaces/components/invitation-page';
import { forgetInvitationPath, rememberInvitationPath, returnPathAfterSignIn } from '@/lib/return-path';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeUser, renderRoutes } from './support/render-shell';
import {
  expectNoAxeViolations,
  refusal,
  stubServer,
  teamWorkspace,
  workspaceList,
  type Answer,
} from './support/workspaces-server';

configure({ asyncUtilTimeout: 5000 });

function Dashboard() {
  const { search } = useLocation();
  return (
    <>
      <h1>Dashboard{search}</h1>
      <WorkspaceSwitcher />
    </>
  );
}

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
    path: paths.auth.register.path,
    element: (
      <GuestOnly>
        <RegisterPage />
      </GuestOnly>
    ),
  },
  { path: paths.invitation.path, Component: InvitationPage },
  {
    path: paths.user.dashboard.path,
    element: (
      <RequireRole role="user">
        <Dashboard />
      </RequireRole>
    ),
  },
];

const TOKEN = 'tok_abc123';
const PAGE = paths.invitation.getHref({ token: TOKEN });
const PREVIEW: InvitationPreview = {
  workspace: { id: 'ws-acme', name: 'Acme Research' },
  email: 'user@example.com',
  role: 'editor',
  invitedBy: { id: 'owner-1', name: 'Olive Owner' },
  expiresAt: '2026-12-01T10:00:00.000Z',
};
const JOINED = teamWorkspace({ role: 'editor' });

function invitationServer(extra: Record<string, Answer[]> = {}, signsIn: AuthUser = makeUser('user')) {
  return stubServer({
    [`GET /api/invitations/${TOKEN}`]: [{ status: 200, body: PREVIEW }],
    'POST /api/user/auth/login': [{ status: 200, body: { token: 'session-1', user: signsIn } }],
    [`POST /api/invitations/${TOKEN}/accept`]: [{ status: 200, body: JOINED }],
    'GET /api/workspaces': [{ status: 200, body: workspaceList(JOINED) }],
    ...extra,
  });
}

async function logIn() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Email/), 'user@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const where = (router: ReturnType<typeof renderRoutes>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the invitation page', { timeout: 30_000 }, () => {
  it('tells a signed-out visitor who invited them to what, and signs them in and back here to accept', async () => {
    const sent = invitationServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: PAGE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Research' })).toBeVisible();
    expect(screen.getByText(/Olive Owner invited you to join/)).toHaveTextContent(
      'Olive Owner invited you to join Acme Research as an editor.',
    );
    expect(screen.getByText('user@example.com')).toBeVisible();
    expect(screen.getByText('Valid until')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?next=${encodeURIComponent(PAGE)}`,
    );
    await expectNoAxeViolations();

    await user.click(screen.getByRole('link', { name: 'Sign in to accept' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(where(router)).toBe(`/login?next=${encodeURIComponent(PAGE)}`);
    await logIn();

    const accept = await screen.findByRole('button', { name: 'Accept invitation' });
    expect(where(router)).toBe(PAGE);
    await expectNoAxeViolations();
    await user.click(accept);
    expect(await screen.findByRole('heading', { name: 'Dashboard?workspace=ws-acme' })).toBeVisible();
    expect(await screen.findByText('You joined Acme Research')).toBeVisible();
    expect(sent.map((s) => s.call)).toContain(`POST /api/invitations/${TOKEN}/accept`);
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('ws-acme');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveValue('ws-acme'));
  });

  it('comes back after registering: the login reached from the verification returns to the invitation', async () => {
    invitationServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: PAGE });
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeVisible();
    // The register page's own link to log in carries the way back.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(PAGE)}`,
    );

    // The verification mail's page leads to the plain login page.
    await act(() => router.navigate(paths.auth.login.getHref()));
    await logIn();
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeVisible();
    expect(where(router)).toBe(PAGE);

    // Served once: the next login leads to the dashboard.
    expect(localStorage.getItem('quorum.invitationReturnPath')).toBeNull();
  });

  it('offers a user signed in with another email to sign out, and explains why', async () => {
    const other = { ...makeUser('user'), email: 'someone.else@example.com' };
    const sent = invitationServer({ 'POST /api/user/auth/logout': [{ status: 204 }] });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: PAGE, user: other });
    expect(
      await screen.findByText(
        (_, element) =>
          element?.getAttribute('role') === 'status' &&
          (element.textContent ?? '').includes(
            ERROR_MESSAGES.INVITATION_EMAIL_MISMATCH.replace('{email}', 'user@example.com'),
          ),
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(where(router)).toBe(`/login?next=${encodeURIComponent(PAGE)}`);
    expect(sent.map((s) => s.call)).toContain('POST /api/user/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each([
    [404, 'INVITATION_NOT_FOUND', 'Invitation not valid', ERROR_MESSAGES.INVITATION_NOT_FOUND],
    [410, 'INVITATION_EXPIRED', 'Invitation expired', ERROR_MESSAGES.INVITATION_EXPIRED],
    [409, 'INVITATION_USED', 'Invitation already used', ERROR_MESSAGES.INVITATION_USED],
  ])('says so for a link the server answers %i %s', async (status, code, title, message) => {
    stubServer({ [`GET /api/invitations/${TOKEN}`]: [refusal(status, code, message)] });
    renderRoutes(routes, { path: PAGE });
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations();
  });

  it('shows the link’s end when accepting finds it expired, with a way to the dashboard', async () => {
    invitationServer({
      [`POST /api/invitations/${TOKEN}/accept`]: [
        refusal(410, 'INVITATION_EXPIRED', ERROR_MESSAGES.INVITATION_EXPIRED),
      ],
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PAGE, user: makeUser('user') });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation expired' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows another refusal to accept next to the button', async () => {
    invitationServer({
      [`POST /api/invitations/${TOKEN}/accept`]: [
        refusal(409, 'WORKSPACE_LIMIT_REACHED', 'You can belong to at most 50 workspaces'),
      ],
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PAGE, user: makeUser('user') });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can belong to at most 50 workspaces');
    expect(within(alert.parentElement!).getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });
});

describe('the invitation kept through signing in', () => {
  it('keeps only an invitation’s address, for users, until it expires', () => {
    rememberInvitationPath('/surveys/create');
    expect(returnPathAfterSignIn(null, 'user')).toBeNull();

    rememberInvitationPath(PAGE);
    expect(returnPathAfterSignIn(null, 'user')).toBe(PAGE);
    // The login page's own `next` comes first; an administrator never goes to it.
    expect(returnPathAfterSignIn('/profile', 'user')).toBe('/profile');
    expect(returnPathAfterSignIn(null, 'admin')).toBeNull();

    const kept = JSON.parse(localStorage.getItem('quorum.invitationReturnPath')!) as { until: number };
    localStorage.setItem('quorum.invitationReturnPath', JSON.stringify({ path: PAGE, until: Date.now() - 1 }));
    expect(kept.until).toBeGreaterThan(Date.now());
    expect(returnPathAfterSignIn(null, 'user')).toBeNull();

    localStorage.setItem('quorum.invitationReturnPath', JSON.stringify({ path: '//evil.example', until: kept.until }));
    expect(returnPathAfterSignIn(null, 'user')).toBeNull();
    localStorage.setItem('quorum.invitationReturnPath', 'not json');
    expect(returnPathAfterSignIn(null, 'user')).toBeNull();

    rememberInvitationPath(PAGE);
    forgetInvitationPath();
    expect(returnPathAfterSignIn(null, 'user')).toBeNull();
  });
});
