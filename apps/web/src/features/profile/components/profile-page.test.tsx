import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserType } from '@quorum/contract';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { ProfilePage } from './profile-page';
import { paths } from '@/config/paths';

type Answer = { status: number; body: unknown };

/** Answers the browser's fetch calls by method and path; records what was sent. */
function stubServer(answers: Record<string, Answer>) {
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    sent.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer =
      call === 'GET /api/config'
        ? { status: 200, body: { recaptchaSiteKey: null, recaptchaScriptUrl: null } }
        : /^GET \/api\/(user|admin)\/auth\/2fa$/.test(call) && !answers[call]
          ? { status: 200, body: { enabled: false, recoveryCodesLeft: 0 } }
          : call === 'GET /api/user/api-keys' && !answers[call]
            ? { status: 200, body: { apiKeys: [] } }
            : answers[call];
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const renderProfile = (role: UserType = 'user') =>
  renderRoutes([{ path: paths.user.profile.path, Component: ProfilePage }], {
    path: paths.user.profile.getHref(),
    user: makeUser(role),
  });

describe('profile screen', () => {
  it('disables the update with "No changes to update" until the name changes, then saves it by role', async () => {
    const sent = stubServer({
      'PUT /api/user/auth/update-profile': {
        status: 200,
        body: {
          message: 'Profile updated successfully',
          user: { id: 'user-1', name: 'Erin Renamed', email: 'user@example.com', type: 'user' },
        },
      },
    });
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findByRole('tab', { name: 'Profile Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No changes to update')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('user@example.com');
    expect(email).toHaveAttribute('readonly');

    await user.clear(screen.getByLabelText(/^Name/));
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'Erin Renamed');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeVisible();
    expect(sent.find((s) => s.call === 'PUT /api/user/auth/update-profile')?.body).toEqual({
      name: 'Erin Renamed',
      recaptchaToken: '',
    });
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ name: 'Erin Renamed', role: 'user' });
  });

  it("uses the admin endpoints for an administrator and shows the server's message on failure", async () => {
    stubServer({ 'PUT /api/admin/auth/update-profile': { status: 500, body: undefined } });
    const user = userEvent.setup();
    renderProfile('admin');
    await user.type(await screen.findByLabelText(/^Name/), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it('asks before "Sign out of all devices" revokes API keys, naming how many, and Cancel changes nothing', async () => {
    const key = (id: string) => ({
      id,
      name: `Key ${id}`,
      scopes: ['surveys:read'],
      prefix: 'qrm_AbC1',
      createdAt: '2026-12-01T10:00:00.000Z',
      lastUsedAt: null,
    });
    const sent = stubServer({
      'GET /api/user/api-keys': { status: 200, body: { apiKeys: [key('k1'), key('k2')] } },
    });
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sign out of all devices and revoke your 2 API keys?');
    expect(dialog).toHaveTextContent('All 2 keys are revoked with your sessions');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.map((s) => s.call)).not.toContain('POST /api/user/auth/logout-all');
  });

  it('opens the tab named in the address, and names the chosen tab there', async () => {
    stubServer({});
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: paths.user.profile.path, Component: ProfilePage }], {
      path: `${paths.user.profile.getHref()}?tab=password`,
      user: makeUser('user'),
    });
    expect(await screen.findByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Profile Details' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Change Password' }));
    expect(router.state.location.search).toBe('?tab=password');
  });

  it('keeps the password button disabled while a rule fails, with the five messages live', async () => {
    stubServer({});
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
    const submit = screen.getByRole('button', { name: 'Update Password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Current Password/), 'Old-Pass1!');
    await user.click(screen.getByLabelText(/^New Password/));
    const rules = screen.getByRole('list', { name: 'Password requirements not met' });
    expect([...rules.children].map((li) => li.textContent)).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (!@#$%^&*)',
    ]);
    await user.type(screen.getByLabelText(/^New Password/), 'Newpass1?');
    expect(screen.getByRole('list', { name: 'Password requirements not met' })).toHaveTextContent(
      'Password must contain at least one special character (!@#$%^&*)',
    );
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^New Password/), '!');
    expect(submit).toBeEnabled();
  });

  it('says "New passwords do not match", then changes the password, clears the form and keeps the fresh token', async () => {
    const sent = stubServer({
      'PUT /api/user/auth/change-password': {
        status: 200,
        body: { message: 'Password updated successfully', token: 'fresh-token' },
      },
    });
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
    await user.type(screen.getByLabelText(/^Current Password/), 'Old-Pass1!');
    await user.type(screen.getByLabelText(/^New Password/), 'New-Pass1!');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'New-Pass1?');
    expect(screen.getByText('New passwords do not match')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(sent.filter((s) => s.call.startsWith('PUT'))).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm New Password/));
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'New-Pass1!');
    expect(screen.queryByText('New passwords do not match')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeVisible();
    expect(sent.find((s) => s.call === 'PUT /api/user/auth/change-password')?.body).toEqual({
      currentPassword: 'Old-Pass1!',
      newPassword: 'New-Pass1!',
    });
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveValue('');
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });

  it("shows the server's message when the password change fails", async () => {
    stubServer({
      'PUT /api/user/auth/change-password': {
        status: 400,
        body: { message: 'Current password is incorrect', code: 'CURRENT_PASSWORD_INCORRECT' },
      },
    });
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
    await user.type(screen.getByLabelText(/^Current Password/), 'Wrong-Pass1!');
    await user.type(screen.getByLabelText(/^New Password/), 'New-Pass1!');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'New-Pass1!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });
});
