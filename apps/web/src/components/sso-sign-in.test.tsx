import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@test/support/render-shell';
import { paths } from '@/config/paths';
import { SsoComplete } from './sso-complete';
import { SsoSignIn } from './sso-sign-in';

// The public settings are read once per page load, so one answer serves every test here.
vi.spyOn(globalThis, 'fetch').mockImplementation(
  async () =>
    new Response(
      JSON.stringify({ recaptchaSiteKey: null, recaptchaScriptUrl: null, sso: { name: 'Acme ID', admin: false } }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
);

const renderSignIn = (side: 'user' | 'admin', path: string) =>
  renderRoutes(
    [
      {
        path: side === 'user' ? paths.auth.login.path : paths.auth.adminLogin.path,
        element: (
          <>
            <h1>Login</h1>
            <SsoSignIn side={side} />
          </>
        ),
      },
    ],
    { path },
  );

describe('single sign-on on the signed-out screens', () => {
  it('offers "Sign in with {name}" as a link to the start route', async () => {
    renderSignIn('user', paths.auth.login.getHref());
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link).toHaveAttribute('href', '/api/user/auth/sso/start');
  });

  it('shows the reason a sign-in was refused', async () => {
    renderSignIn('user', `${paths.auth.login.getHref()}?sso_error=email_unverified`);
    expect(
      await screen.findByText(
        'Your identity provider has not verified your email address, so it cannot be used to sign in here.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed');
  });

  it('ignores an sso_error value that is not one of the reasons', async () => {
    renderSignIn('user', `${paths.auth.login.getHref()}?sso_error=%3Cscript%3E`);
    await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers nothing on the admin side when no administrator may use it, but still says why one was refused', async () => {
    const { unmount } = renderSignIn('admin', paths.auth.adminLogin.getHref());
    await screen.findByRole('heading', { name: 'Login' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    unmount();
    renderSignIn('admin', `${paths.auth.adminLogin.getHref()}?sso_error=not_admin`);
    expect(await screen.findByText('This account is not an administrator.')).toBeVisible();
  });
});

describe('finishing a single sign-on', () => {
  const renderComplete = (exchange: (code: string) => Promise<never> | Promise<{ token: string; user: never }>) =>
    renderRoutes(
      [
        {
          path: paths.auth.ssoComplete.path,
          element: (
            <SsoComplete
              exchange={exchange}
              destination={paths.user.dashboard.getHref()}
              loginHref={paths.auth.login.getHref()}
            />
          ),
        },
        { path: paths.user.dashboard.path, element: <h1>Dashboard</h1> },
        { path: paths.user.surveyResults.path, element: <h1>Results</h1> },
        { path: paths.auth.login.path, element: <h1>Login</h1> },
      ],
      { path: `${paths.auth.ssoComplete.getHref()}#code=one-time` },
    );

  it('trades the code from the fragment once, signs in and goes to the destination', async () => {
    const user = { id: 'u-1', name: 'Erin', email: 'erin@example.com', type: 'user' as const };
    const exchange = vi.fn(async () => ({ token: 'session-token', user }) as never);
    const { router, session } = renderComplete(exchange);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(exchange).toHaveBeenCalledTimes(1);
    expect((exchange.mock.calls[0] as unknown[])[0]).toBe('one-time');
    expect(router.state.location.hash).toBe('');
    await waitFor(() => expect(session().state.status).toBe('signed-in'));
  });

  it("shows the server's reason and the way back when the code is refused", async () => {
    const { ApiError } = await import('@/lib/api-client');
    const exchange = vi.fn(async () => {
      throw new ApiError(
        400,
        'This sign-in has expired or was already used. Please sign in again.',
        'SSO_CODE_INVALID',
        {},
      );
    });
    const { router } = renderComplete(exchange);
    expect(
      await screen.findByText('This sign-in has expired or was already used. Please sign in again.'),
    ).toBeVisible();
    expect(router.state.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('returns to the page the login was asked for from, kept when the sign-on started', async () => {
    const asked = `${paths.user.surveyResults.getHref({ surveyId: 'x' })}?view=table`;
    const { unmount } = renderSignIn('user', `${paths.auth.login.getHref()}?next=${encodeURIComponent(asked)}`);
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    // The browser would leave for the server here; the test stays on the page.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    unmount();

    const user = { id: 'u-1', name: 'Erin', email: 'erin@example.com', type: 'user' as const };
    const { router } = renderComplete(vi.fn(async () => ({ token: 'session-token', user }) as never));
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(asked);
    expect(sessionStorage.length).toBe(0);
  });
});
