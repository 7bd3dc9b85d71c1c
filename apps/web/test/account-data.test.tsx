import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES, type UserType } from '@quorum/contract';
import { paths } from '@/config/paths';
import { LoginNotice } from '@/components/login-notice';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { makeUser, renderRoutes } from './support/render-shell';

type Answer = { status: number; body: unknown };

/** Answers the browser's fetch calls by method and path; records what was sent. */
function stubServer(answers: Record<string, Answer | Answer[]>) {
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    sent.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const queued = answers[call];
    const answer = Array.isArray(queued) ? queued.shift() : queued;
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const renderProfile = (role: UserType = 'user') =>
  renderRoutes(
    [
      { path: paths.user.profile.path, Component: ProfilePage },
      { path: paths.admin.profile.path, Component: ProfilePage },
      { path: paths.auth.login.path, element: <LoginNotice /> },
    ],
    { path: role === 'admin' ? paths.admin.profile.getHref() : paths.user.profile.getHref(), user: makeUser(role) },
  );

describe('profile: your data', () => {
  it('is offered to users, not administrators', async () => {
    stubServer({});
    renderProfile('admin');
    await screen.findByRole('heading', { name: 'Profile' });
    expect(screen.queryByRole('region', { name: 'Your data' })).toBeNull();
  });

  it('downloads the export as a JSON file named by its date', async () => {
    stubServer({
      'GET /api/user/account/export': {
        status: 200,
        body: { version: 1, exportedAt: '2026-11-24T10:00:00.000Z', profile: {}, surveys: [] },
      },
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:export'));
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(clicked).toEqual(['quorum-account-2026-11-24.json']));
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ version: 1, surveys: [] });
  });

  it('deletes only after DELETE is typed; a wrong password says so; success signs out to the login page', async () => {
    const sent = stubServer({
      'DELETE /api/user/account': [
        {
          status: 400,
          body: {
            message: ERROR_MESSAGES.DELETE_ACCOUNT_PASSWORD_INCORRECT,
            code: 'DELETE_ACCOUNT_PASSWORD_INCORRECT',
          },
        },
        { status: 200, body: { message: ACCOUNT_MESSAGES.deleted } },
      ],
    });
    const user = userEvent.setup();
    const { router } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    // The button is drawn anew when it becomes enabled: look it up each time.
    const confirm = () => within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm()).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-controls',
      within(dialog).getByLabelText(/^Password/).id,
    );
    await user.type(within(dialog).getByLabelText(/^Password/), 'Wrong-one1!');
    await user.click(confirm());
    expect(sent.filter((s) => s.call === 'DELETE /api/user/account')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Type DELETE to confirm/), 'DELETE');
    expect(confirm()).not.toHaveAttribute('aria-disabled');
    await user.click(confirm());
    expect(await within(dialog).findByText(ERROR_MESSAGES.DELETE_ACCOUNT_PASSWORD_INCORRECT)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');

    await user.type(within(dialog).getByLabelText(/^Password/), 'Right-one1!');
    await user.click(confirm());
    expect(await screen.findByText(ACCOUNT_MESSAGES.deleted)).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.auth.login.getHref());
    expect(localStorage.getItem('token')).toBeNull();
    expect(sent.filter((s) => s.call === 'DELETE /api/user/account').map((s) => s.body)).toEqual([
      { password: 'Wrong-one1!' },
      { password: 'Right-one1!' },
    ]);
    // Shown once: the message is gone for the next visit.
    expect(sessionStorage.getItem('loginNotice')).toBeNull();
  });
});
