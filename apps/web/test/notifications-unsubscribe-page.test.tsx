import { describe, expect, it, vi, afterEach } from 'vitest';
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@quorum/contract';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { makeUser, renderRoutes } from './support/render-shell';

const TOKEN = 'czE.c2lnbmF0dXJl';
const pageAt = (token: string | null) =>
  `${paths.notifications.unsubscribe.getHref()}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;

afterEach(() => vi.restoreAllMocks());

const noViolations = async (container: HTMLElement) => {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
};

describe('the unsubscribe page', { timeout: 30_000 }, () => {
  it.each([
    ['a signed-out visitor', undefined],
    ['a signed-in user', makeUser('user')],
  ])('asks first, then unsubscribes with one button and names the survey, for %s', async (_who, account) => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        Response.json({ surveyTitle: 'Team lunch', notifications: { onResponse: 'off' } }),
      );
    const { container } = renderRoutes(routes, { path: pageAt(TOKEN), ...(account ? { user: account } : {}) });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 });
    // Opening the page sends nothing (mail scanners open links).
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText(/Nothing changes until you press the button/)).toBeInTheDocument();
    await noViolations(container);

    // By keyboard.
    button.focus();
    await userEvent.keyboard('{Enter}');
    const done = await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' });
    expect(done).toHaveFocus();
    expect(screen.getByText(/new responses to “Team lunch”/)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/notifications/unsubscribe');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    await noViolations(container);
  });

  it('says so when the server refuses the link', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json(
        { message: ERROR_MESSAGES.UNSUBSCRIBE_LINK_INVALID, code: 'UNSUBSCRIBE_LINK_INVALID' },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, { path: pageAt('forged.token') });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Link invalid' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.UNSUBSCRIBE_LINK_INVALID);
  });

  it('keeps the button and shows the message when the request fails otherwise', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ message: 'Too many requests, please try again later', code: 'RATE_LIMITED' }, { status: 429 }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, { path: pageAt(TOKEN) });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 15_000 }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });

  it('without a token, says the link is not valid without asking the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderRoutes(routes, { path: pageAt(null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link invalid' }, { timeout: 15_000 })).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
