import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey, UserType } from '@quorum/contract';
import { paths } from '@/config/paths';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { ProfilePage } from './profile-page';

configure({ asyncUtilTimeout: 5000 });

type Answer = { status: number; body?: unknown };

const KEY = `qrm_${'AbCdEfGh'.repeat(5)}xyz`;
const STORED: ApiKey = {
  id: 'key-1',
  name: 'Warehouse',
  scopes: ['responses:read'],
  prefix: 'qrm_WaReHoUs',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

/** Answers fetch calls by method and path from a queue per call (the last answer repeats); records the bodies. */
function stubServer(answers: Record<string, Answer[]>) {
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    sent.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (call === 'GET /api/config') return Response.json({ recaptchaSiteKey: null, recaptchaScriptUrl: null });
    if (/^GET \/api\/(user|admin)\/auth\/2fa$/.test(call))
      return Response.json({ enabled: false, recoveryCodesLeft: 0 });
    const queue = answers[call];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

const renderTab = (role: UserType = 'user') =>
  renderRoutes([{ path: paths.user.profile.path, Component: ProfilePage }], {
    path: `${paths.user.profile.getHref()}?tab=api-keys`,
    user: makeUser(role),
  });

// Rendered without the app shell, whose <main> holds the page: the landmark rule is the shell's business.
const noAxeViolations = async () => {
  const { violations } = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
};

describe('API keys on the profile', { timeout: 30_000 }, () => {
  it('sends no password when the field is left empty, and shows when the server asks for one', async () => {
    const sent = stubServer({
      'GET /api/user/api-keys': [{ status: 200, body: { apiKeys: [] } }],
      'POST /api/user/api-keys': [
        {
          status: 400,
          body: {
            code: 'API_KEY_PASSWORD_REQUIRED',
            params: { minutes: 5 },
            message: 'Enter your password to create an API key, or sign in again (within 5 minutes).',
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('No API keys yet')).toBeVisible();
    await user.type(screen.getByLabelText(/^Name/), 'CRM sync');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('Enter your password to create an API key, or sign in again (within 5 minutes).'),
    ).toBeVisible();
    expect(sent.find((s) => s.call === 'POST /api/user/api-keys')?.body).toEqual({
      name: 'CRM sync',
      scopes: ['surveys:read', 'responses:read'],
    });
  });

  it('creates a key with the chosen scopes and shows it once, in a field to copy', async () => {
    const created = { ...STORED, id: 'key-2', name: 'CRM sync', scopes: ['surveys:read'], prefix: KEY.slice(0, 12) };
    const sent = stubServer({
      'GET /api/user/api-keys': [
        { status: 200, body: { apiKeys: [] } },
        { status: 200, body: { apiKeys: [{ ...created }] } },
      ],
      'POST /api/user/api-keys': [{ status: 201, body: { ...created, key: KEY } }],
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No API keys yet')).toBeVisible();
    await noAxeViolations();

    // No scope at all is refused before anything is sent.
    await user.type(screen.getByLabelText(/^Name/), 'CRM sync');
    await user.click(screen.getByRole('checkbox', { name: /^Read surveys/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Read results and responses/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Choose at least one scope')).toBeVisible();
    expect(sent.some((s) => s.call === 'POST /api/user/api-keys')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /^Read surveys/ }));
    expect(screen.getByText(/Not needed if you signed in within the last 5 minutes/)).toBeVisible();
    await user.type(screen.getByLabelText(/^Your password/), 'Correct-Horse1!');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const field = await screen.findByRole('textbox', { name: 'Your new API key' });
    expect(field).toHaveValue(KEY);
    expect(screen.getByText(/you won't see it again/)).toBeVisible();
    expect(sent.find((s) => s.call === 'POST /api/user/api-keys')?.body).toEqual({
      name: 'CRM sync',
      scopes: ['surveys:read'],
      password: 'Correct-Horse1!',
    });
    // The list shows the new key by its first characters only.
    const list = await screen.findByRole('region', { name: 'Your API keys' });
    expect(await within(list).findByText('CRM sync')).toBeVisible();
    expect(within(list).getByText(`${KEY.slice(0, 12)}…`)).toBeVisible();
    expect(list.textContent).not.toContain(KEY);
    await noAxeViolations();

    // Once dismissed, the key is gone from the screen for good.
    await user.click(screen.getByRole('button', { name: 'I have copied the key' }));
    expect(screen.queryByRole('textbox', { name: 'Your new API key' })).toBeNull();
    expect(document.body.textContent).not.toContain(KEY);
    expect(screen.getByRole('button', { name: 'Create key' })).toBeVisible();
  });

  it('revokes a key after a confirmation, and keeps it when cancelled', async () => {
    const sent = stubServer({
      'GET /api/user/api-keys': [
        { status: 200, body: { apiKeys: [STORED] } },
        { status: 200, body: { apiKeys: [] } },
      ],
      'DELETE /api/user/api-keys/key-1': [{ status: 204 }],
    });
    const user = userEvent.setup();
    renderTab();
    const list = await screen.findByRole('region', { name: 'Your API keys' });
    expect(await within(list).findByText('Warehouse')).toBeVisible();
    expect(within(list).getByText(/Never used/)).toBeVisible();
    expect(within(list).getByText('responses:read')).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Revoke Warehouse' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke "Warehouse"?' });
    await noAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((s) => s.call.startsWith('DELETE'))).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Revoke Warehouse' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke "Warehouse"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key "Warehouse" revoked. It no longer works.')).toBeVisible();
    expect(await screen.findByText('No API keys yet')).toBeVisible();
    expect(sent.filter((s) => s.call === 'DELETE /api/user/api-keys/key-1')).toHaveLength(1);
  });

  it('says when the keys cannot be loaded, and offers to try again', async () => {
    stubServer({
      'GET /api/user/api-keys': [
        { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } },
        { status: 200, body: { apiKeys: [STORED] } },
      ],
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Warehouse')).toBeVisible();
  });

  it('is not offered to administrators', async () => {
    stubServer({});
    renderTab('admin');
    expect(await screen.findByRole('tab', { name: 'Profile Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'API keys' })).toBeNull();
  });
});
