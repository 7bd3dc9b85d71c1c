import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@test/support/render-shell';
import { RegisterPage } from './register-page';
import { paths } from '@/config/paths';

type Answer = { status: number; body: unknown };

/** Answers the browser's fetch calls by path; records the JSON bodies sent. */
function stubServer(answers: Record<string, Answer>) {
  const sent: Array<{ path: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer =
      path === '/api/config'
        ? { status: 200, body: { recaptchaSiteKey: null, recaptchaScriptUrl: null } }
        : answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

const renderRegister = () =>
  renderRoutes(
    [
      { path: paths.auth.register.path, Component: RegisterPage },
      { path: paths.auth.login.path, element: <h1>Login</h1> },
    ],
    {
      path: paths.auth.register.getHref(),
    },
  );

describe('register screen', () => {
  it('shows the unmet requirements only after the password field was focused, then live', async () => {
    stubServer({});
    const user = userEvent.setup();
    renderRegister();
    await screen.findByRole('heading', { name: 'Register' });
    expect(screen.queryByRole('list', { name: 'Unmet password requirements' })).toBeNull();
    await user.click(screen.getByLabelText(/^Password/));
    const list = screen.getByRole('list', { name: 'Unmet password requirements' });
    expect(list.children).toHaveLength(5);
    await user.type(screen.getByLabelText(/^Password/), 'Abcdefg1');
    expect(screen.getByRole('list', { name: 'Unmet password requirements' })).toHaveTextContent(
      'One special character (!@#$%^&*(),.?":{}|<>)',
    );
    expect(screen.getByRole('list', { name: 'Unmet password requirements' }).children).toHaveLength(1);
    await user.type(screen.getByLabelText(/^Password/), '!');
    expect(screen.getByText('All password requirements are met')).toBeVisible();
  });

  it('refuses a weak password and a mismatch before calling the server', async () => {
    const sent = stubServer({});
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByLabelText(/^Name/), 'Rita');
    await user.type(screen.getByLabelText(/^Email/), 'rita@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'weakpass');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Password does not meet all requirements')).toBeVisible();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(sent.filter((s) => s.path === '/api/user/auth/register')).toHaveLength(0);
  });

  it('shows one message at a time, which stays until its field changes', async () => {
    stubServer({});
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByLabelText(/^Name/), '  ');
    await user.type(screen.getByLabelText(/^Email/), 'rita@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'weakpass');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.queryByText('Password does not meet all requirements')).toBeNull();
    // Focus moves to the field once the message is shown: on a busy machine a moment later.
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());

    await user.type(screen.getByLabelText(/^Name/), 'R');
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Password does not meet all requirements')).toBeVisible();
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText('Password does not meet all requirements')).toBeNull();
  });

  it('sends the register payload and shows the success state with the entered email', async () => {
    const sent = stubServer({ '/api/user/auth/register': { status: 201, body: { message: 'ok' } } });
    const user = userEvent.setup();
    const { router } = renderRegister();
    await user.type(await screen.findByLabelText(/^Name/), 'Rita');
    await user.type(screen.getByLabelText(/^Email/), 'rita@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Correct-Horse1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeVisible();
    expect(screen.getByText('rita@example.com')).toBeVisible();
    expect(sent.find((s) => s.path === '/api/user/auth/register')?.body).toEqual({
      name: 'Rita',
      email: 'rita@example.com',
      password: 'Correct-Horse1!',
      confirmPassword: 'Correct-Horse1!',
      recaptchaToken: '',
    });
    await user.click(screen.getByRole('link', { name: 'Go to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login.getHref()));
  });

  it("shows the server's message, else 'Registration failed'", async () => {
    stubServer({
      '/api/user/auth/register': {
        status: 409,
        body: { message: 'An account with this email already exists', code: 'EMAIL_TAKEN' },
      },
    });
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByLabelText(/^Name/), 'Rita');
    await user.type(screen.getByLabelText(/^Email/), 'rita@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Correct-Horse1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
  });
});
