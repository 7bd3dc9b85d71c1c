import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { ResultsShare } from '@quorum/contract';
import { paths } from '@/config/paths';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { makeResults } from '@test/support/results';
import { ResultsPage } from './results-page';
import { ShareResultsButton } from './share-results-dialog';

const SHARE_PATH = '/api/surveys/s1/results/share';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The share endpoints as the server answers them, holding the share between calls; `refuse` makes the next
 * writes fail with the server's message. Every call is recorded.
 */
function mockShareApi(initial: ResultsShare | null = null) {
  let share = initial;
  let refuse: { status: number; message: string; code: string } | null = null;
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname !== SHARE_PATH) return new Response('{}', { status: 404 });
    if (method !== 'GET' && refuse) {
      return new Response(JSON.stringify({ message: refuse.message, code: refuse.code }), { status: refuse.status });
    }
    if (method === 'GET') return Response.json({ share });
    if (method === 'POST') {
      const { includeTextAnswers } = body as { includeTextAnswers: boolean };
      share = {
        url: share?.url ?? '/shared/results/tok_abc',
        includeTextAnswers,
        createdAt: share?.createdAt ?? '2026-03-01T10:00:00.000Z',
      };
      return Response.json(share);
    }
    share = null;
    return new Response(null, { status: 204 });
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET').map(({ method, body }) => ({ method, body })),
    refuseWrites: (status: number, message: string, code: string) => (refuse = { status, message, code }),
  };
}

function renderButton() {
  const view = renderRoutes([{ path: '/', element: <ShareResultsButton surveyId="s1" title="Team lunch" /> }], {
    user: makeUser('user'),
  });
  return { ...view, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Share results' }));
  return screen.getByRole('dialog', { name: 'Share results of “Team lunch”' });
}

const reportUrl = `${window.location.origin}/shared/results/tok_abc`;

// Many user steps (and axe) on a shared machine: a longer timeout than the default 5 s.
describe('sharing the results', { timeout: 30_000 }, () => {
  it('creates a link with the text answers left out by default, and shows the full link', async () => {
    const api = mockShareApi();
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('These results are not shared.')).toBeVisible();
    const include = within(dialog).getByRole('checkbox', { name: 'Include text answers' });
    expect(include).not.toBeChecked();
    expect(include).toHaveAccessibleDescription(/Text answers may contain personal details/);

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Report link' });
    expect(link).toHaveValue(reportUrl);
    // Focus goes to the new link (the button pressed is gone), ready to copy.
    await waitFor(() => expect(link).toHaveFocus());
    expect(api.writes()).toEqual([{ method: 'POST', body: { includeTextAnswers: false } }]);
    expect(within(dialog).getByRole('link', { name: /Open the report/ })).toHaveAttribute('href', reportUrl);
    expect(within(dialog).getByText(/These results are shared/)).toBeVisible();
    // The toast is read out while the dialog is open (not hidden behind it).
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      'Link created: anyone with it can see these results, read-only.',
    );
  });

  it('creates the link with text answers when the box is ticked first', async () => {
    const api = mockShareApi();
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Include text answers' }));
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Report link' });
    expect(api.writes()).toEqual([{ method: 'POST', body: { includeTextAnswers: true } }]);
    expect(within(dialog).getByRole('checkbox', { name: 'Include text answers' })).toBeChecked();
  });

  it('shows an existing share, and ticking the box updates the shared report at once', async () => {
    const api = mockShareApi({
      url: '/shared/results/tok_abc',
      includeTextAnswers: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('textbox', { name: 'Report link' })).toHaveValue(reportUrl);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Include text answers' }));
    await waitFor(() => expect(api.writes()).toEqual([{ method: 'POST', body: { includeTextAnswers: true } }]));
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Include text answers' })).toBeChecked());
    expect(await screen.findByText('The shared report now shows text answers.')).toBeVisible();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Include text answers' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Include text answers' })).not.toBeChecked(),
    );
    expect(api.writes()[1]).toEqual({ method: 'POST', body: { includeTextAnswers: false } });
    expect(await screen.findByText('The shared report no longer shows text answers.')).toBeVisible();
    // The link stays the same.
    expect(within(dialog).getByRole('textbox', { name: 'Report link' })).toHaveValue(reportUrl);
  });

  it('copies the full link', async () => {
    mockShareApi({ url: '/shared/results/tok_abc', includeTextAnswers: false, createdAt: '2026-03-01T10:00:00.000Z' });
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('textbox', { name: 'Report link' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(reportUrl);
  });

  it('stops sharing only after the confirmation, then offers a new link', async () => {
    const api = mockShareApi({
      url: '/shared/results/tok_abc',
      includeTextAnswers: true,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('textbox', { name: 'Report link' });

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    let confirm = screen.getByRole('dialog', { name: 'Stop sharing these results?' });
    expect(confirm).toHaveTextContent('Anyone with the link will lose access.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Stop sharing these results?' })).toBeNull();
    expect(api.writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    confirm = screen.getByRole('dialog', { name: 'Stop sharing these results?' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(dialog).findByText('These results are not shared.')).toBeVisible();
    expect(api.writes()).toEqual([{ method: 'DELETE', body: undefined }]);
    expect(within(dialog).queryByRole('textbox', { name: 'Report link' })).toBeNull();
    // A new link starts without the text answers again; focus is on the button that makes it.
    expect(within(dialog).getByRole('checkbox', { name: 'Include text answers' })).not.toBeChecked();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create link' })).toHaveFocus());
    expect(screen.getByText('Sharing stopped: the link no longer works.')).toBeVisible();
  });

  it('shows the server’s message when sharing is refused, and keeps the box as it was', async () => {
    const api = mockShareApi({
      url: '/shared/results/tok_abc',
      includeTextAnswers: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    api.refuseWrites(403, 'Only the owner can share these results', 'ADMIN_CANNOT_SHARE_RESULTS');
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Include text answers' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the owner can share these results');
    expect(within(dialog).getByRole('checkbox', { name: 'Include text answers' })).not.toBeChecked();
  });

  it('closes with Escape, giving focus back to the button', async () => {
    mockShareApi();
    const { user } = renderButton();
    await openDialog(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share results' })).toHaveFocus();
  });

  it('passes axe, shared and not shared', async () => {
    mockShareApi();
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await within(dialog).findByRole('button', { name: 'Create link' });
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Report link' });
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });
});

const results = makeResults({ surveyId: 's1', title: 'Team lunch', totalResponses: 0, matchingResponses: 0 });

describe('the Share results button on the results screen', { timeout: 15_000 }, () => {
  function renderResults(role: 'user' | 'admin') {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      new URL(String(input), 'http://localhost').pathname.endsWith('/results')
        ? Response.json(results)
        : new Response('{}', { status: 404 }),
    );
    const area = role === 'admin' ? paths.admin : paths.user;
    renderRoutes([{ path: area.surveyResults.path, Component: ResultsPage }], {
      path: area.surveyResults.getHref({ surveyId: 's1' }),
      user: makeUser(role),
    });
  }

  it('is offered to the owner', async () => {
    renderResults('user');
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect(screen.getByRole('button', { name: 'Share results' })).toBeVisible();
  });

  it('is not offered to an administrator, whom the server would refuse', async () => {
    renderResults('admin');
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect(screen.queryByRole('button', { name: 'Share results' })).toBeNull();
  });
});
