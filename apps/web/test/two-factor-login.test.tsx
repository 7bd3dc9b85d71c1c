import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@test/support/render-shell';
import { paths } from '@/config/paths';
import { AdminLoginPage } from '@/features/admin/components/admin-login-page';
import { LoginPage } from '@/features/auth/components/login-page';

configure({ asyncUtilTimeout: 5000 });

type Answer = { status: number; body: unknown };

function stubServer(answers: Record<string, Answer[]>) {
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    sent.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const queue = call === 'GET /api/config' ? [{ status: 200, body: {} }] : answers[call];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const askForCode: Answer = { status: 200, body: { mfaRequired: true, mfaToken: 'ticket-1' } };
const wrongCode: Answer = {
  status: 401,
  body: {
    message: 'The code is not valid. Check your authenticator app and try again.',
    code: 'TWO_FACTOR_CODE_INVALID',
  },
};
const session = (type: 'user' | 'admin'): Answer => ({
  status: 200,
  body: { token: 'session-1', user: { id: `${type}-1`, name: 'Tess', email: `${type}@example.com`, type } },
});

describe('the second login step', { timeout: 20_000 }, () => {
  it('asks a user for the code after the password, takes a recovery code instead, and signs in', async () => {
    const sent = stubServer({
      'POST /api/user/auth/login': [askForCode],
      'POST /api/user/auth/login/2fa': [wrongCode, session('user')],
    });
    renderRoutes(
      [
        { path: paths.auth.login.path, Component: LoginPage },
        { path: paths.user.dashboard.path, element: <p>User dashboard</p> },
      ],
      { path: paths.auth.login.getHref() },
    );
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email/), 'user@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/The code is not valid/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('User dashboard')).toBeVisible();
    expect(localStorage.getItem('token')).toBe('session-1');
    expect(sent.filter((s) => s.call === 'POST /api/user/auth/login/2fa').map((s) => s.body)).toEqual([
      { mfaToken: 'ticket-1', code: '123456' },
      { mfaToken: 'ticket-1', code: 'abcde-fghjk' },
    ]);
  });

  it('returns to the page the session ended on after the code, as after a password alone', async () => {
    stubServer({
      'POST /api/user/auth/login': [askForCode],
      'POST /api/user/auth/login/2fa': [session('user')],
    });
    renderRoutes(
      [
        { path: paths.auth.login.path, Component: LoginPage },
        { path: paths.user.dashboard.path, element: <p>User dashboard</p> },
        { path: paths.user.profile.path, element: <p>User profile</p> },
      ],
      {
        path: `${paths.auth.login.getHref()}?notice=session-ended&next=${encodeURIComponent(paths.user.profile.getHref())}`,
      },
    );
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email/), 'user@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('User profile')).toBeVisible();
  });

  it('asks an administrator too, and goes back to the password on request', async () => {
    const sent = stubServer({
      'POST /api/admin/auth/login': [askForCode],
      'POST /api/admin/auth/login/2fa': [session('admin')],
    });
    renderRoutes(
      [
        { path: paths.auth.adminLogin.path, Component: AdminLoginPage },
        { path: paths.admin.dashboard.path, element: <p>Admin dashboard</p> },
      ],
      { path: paths.auth.adminLogin.getHref() },
    );
    const user = userEvent.setup({ delay: null });
    const logIn = async () => {
      await user.clear(await screen.findByLabelText(/^Email/));
      await user.type(screen.getByLabelText(/^Email/), 'admin@example.com');
      await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
    };
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect(document.title).toBe('Two-factor sign-in · Quorum');
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(document.title).toBe('Admin Login · Quorum');
    await logIn();
    await user.type(await screen.findByLabelText(/^Authentication code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Admin dashboard')).toBeVisible();
    expect(sent.find((s) => s.call === 'POST /api/admin/auth/login/2fa')?.body).toEqual({
      mfaToken: 'ticket-1',
      code: '654321',
    });
  });
});
