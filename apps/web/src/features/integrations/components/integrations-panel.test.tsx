import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { CreateWebhookBody, Delivery, UpdateWebhookBody, Webhook } from '@quorum/contract';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { i18n } from '@/i18n/i18n';
import { IntegrationsPanel } from './integrations-panel';

const BASE = '/api/surveys/s1/webhooks';
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'w1',
    url: 'https://hooks.example.com/quorum',
    events: ['response.created'],
    enabled: true,
    disabledReason: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 'd1',
    event: 'response.created',
    status: 'delivered',
    createdAt: '2026-03-02T09:00:00.000Z',
    nextAttemptAt: null,
    attempts: [],
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The webhook endpoints as the server answers them, holding the webhooks and their deliveries between calls.
 * `refuse` makes the next write to a path fail with the server's message; every call is recorded.
 */
function mockWebhooksApi({
  webhooks: initial = [],
  deliveries: initialDeliveries = new Map<string, Delivery[]>(),
  testAnswer = { statusCode: 200, durationMs: 42 },
}: {
  webhooks?: Webhook[];
  deliveries?: Map<string, Delivery[]>;
  testAnswer?: { statusCode: number; durationMs: number };
} = {}) {
  let webhooks = [...initial];
  const deliveries = new Map(initialDeliveries);
  const calls: Call[] = [];
  let refusal: { status: number; message: string; code: string; read: boolean } | null = null;
  const json = (data: unknown, status = 200) => Response.json(data, { status });

  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (refusal && (method === 'GET') === refusal.read) {
      const { status, message, code } = refusal;
      refusal = null;
      return json({ message, code }, status);
    }
    const rest = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length).split('/').filter(Boolean) : null;
    if (!rest) return json({ message: 'Not found' }, 404);
    const [webhookId, action, deliveryId, deliveryAction] = rest;
    if (webhookId === undefined) {
      if (method === 'GET') return json({ webhooks });
      const { url: target, events } = body as CreateWebhookBody;
      const created = makeWebhook({ id: `w${webhooks.length + 1}`, url: target, events });
      webhooks = [...webhooks, created];
      return json({ ...created, secret: SECRET }, 201);
    }
    const webhook = webhooks.find((w) => w.id === webhookId);
    if (!webhook) return json({ message: 'Webhook not found', code: 'WEBHOOK_NOT_FOUND' }, 404);
    if (action === undefined && method === 'PATCH') {
      const changes = body as UpdateWebhookBody;
      const updated = {
        ...webhook,
        ...changes,
        disabledReason: changes.enabled ? null : webhook.disabledReason,
      } as Webhook;
      webhooks = webhooks.map((w) => (w.id === webhookId ? updated : w));
      return json(updated);
    }
    if (action === undefined && method === 'DELETE') {
      webhooks = webhooks.filter((w) => w.id !== webhookId);
      return new Response(null, { status: 204 });
    }
    const list = deliveries.get(webhookId) ?? [];
    if (action === 'deliveries' && method === 'GET') return json({ deliveries: list });
    if (action === 'test') {
      // Queued (202); the next read of the deliveries finds its first attempt done.
      const queued = makeDelivery({ id: 'dt', event: 'webhook.test', status: 'pending', attempts: [] });
      const done: Delivery = {
        ...queued,
        status: testAnswer.statusCode < 300 ? 'delivered' : 'pending',
        nextAttemptAt: testAnswer.statusCode < 300 ? null : '2026-03-02T09:01:00.000Z',
        attempts: [
          {
            attemptedAt: '2026-03-02T09:00:01.000Z',
            statusCode: testAnswer.statusCode,
            durationMs: testAnswer.durationMs,
            error: null,
            responseSnippet: 'ok',
          },
        ],
      };
      deliveries.set(webhookId, [done, ...list]);
      return json(queued, 202);
    }
    if (action === 'deliveries' && deliveryAction === 'resend') {
      const resent = list.map((d) => (d.id === deliveryId ? { ...d, status: 'pending' as const } : d));
      deliveries.set(webhookId, resent);
      return json(
        resent.find((d) => d.id === deliveryId),
        202,
      );
    }
    return json({ message: 'Not found' }, 404);
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET').map(({ method, path, body }) => ({ method, path, body })),
    /** The next write (or, with `read`, the next read) fails with this answer. */
    refuseNext: (status: number, message: string, code: string, { read = false } = {}) =>
      (refusal = { status, message, code, read }),
    setDeliveries: (webhookId: string, list: Delivery[]) => deliveries.set(webhookId, list),
  };
}

function renderPanel() {
  const view = renderRoutes([{ path: '/', element: <IntegrationsPanel surveyId="s1" /> }], {
    user: makeUser('user'),
  });
  return { ...view, user: userEvent.setup() };
}

const noContrast = { rules: { 'color-contrast': { enabled: false } } };

// Many user steps (and axe) on a shared machine: a longer timeout than the default 5 s.
describe('the Integrations tab', { timeout: 30_000 }, () => {
  it('explains webhooks when there are none, and passes axe', async () => {
    mockWebhooksApi();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    expect(screen.getByText(/Send each new response to your own endpoint/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeEnabled();
    expect((await axe.run(document.body, noContrast)).violations).toEqual([]);
  });

  it('speaks German: the empty state, the events and a delivery count', async () => {
    await i18n.changeLanguage('de');
    mockWebhooksApi({
      webhooks: [makeWebhook({ events: ['response.created', 'survey.closed'] })],
      deliveries: new Map([
        [
          'w1',
          [
            makeDelivery({
              attempts: [1, 2].map((n) => ({
                attemptedAt: `2026-03-02T09:0${n}:00.000Z`,
                statusCode: 500,
                durationMs: 1500,
                error: null,
                responseSnippet: null,
              })),
            }),
          ],
        ],
      ]),
    });
    const { user } = renderPanel();
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    expect(within(item).getByRole('list', { name: 'Ereignisse' })).toHaveTextContent('Eine Antwort wird gesendet');
    expect(within(item).getByText('Die Umfrage wird geschlossen')).toBeVisible();
    expect(within(item).getByRole('switch', { name: 'Aktiv' })).toBeChecked();
    await user.click(within(item).getByRole('button', { name: 'Zustellungen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zustellungen' });
    expect(await within(dialog).findByRole('button', { name: '2 Versuche anzeigen' })).toBeVisible();
    expect(within(dialog).getByText('Zugestellt')).toBeVisible();
  });

  it('speaks Arabic right to left, with its dual plural', async () => {
    await i18n.changeLanguage('ar');
    mockWebhooksApi({
      webhooks: [makeWebhook()],
      deliveries: new Map([
        [
          'w1',
          [
            makeDelivery({
              attempts: [1, 2].map((n) => ({
                attemptedAt: `2026-03-02T09:0${n}:00.000Z`,
                statusCode: 500,
                durationMs: 1500,
                error: null,
                responseSnippet: null,
              })),
            }),
          ],
        ],
      ]),
    });
    const { user } = renderPanel();
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    expect(document.documentElement.dir).toBe('rtl');
    await user.click(within(item).getByRole('button', { name: 'عمليات التسليم' }));
    const dialog = await screen.findByRole('dialog', { name: 'عمليات التسليم' });
    expect(await within(dialog).findByRole('button', { name: 'عرض محاولتين' })).toBeVisible();
  });

  it('says when the webhooks could not be loaded, and loads them again on Try again', async () => {
    const api = mockWebhooksApi({ webhooks: [makeWebhook()] });
    api.refuseNext(403, 'Only the owner can manage webhooks', 'ADMIN_CANNOT_MANAGE_WEBHOOKS', { read: true });
    const { user } = renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner can manage webhooks');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' })).toBeVisible();
  });

  it('refuses a webhook past the limit, saying why', async () => {
    mockWebhooksApi({
      webhooks: Array.from({ length: 10 }, (_, i) =>
        makeWebhook({ id: `w${i + 1}`, url: `https://h${i}.example.com` }),
      ),
    });
    renderPanel();
    await screen.findByRole('article', { name: 'https://h9.example.com' });
    const add = screen.getByRole('button', { name: 'Add webhook' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('A survey can have at most 10 webhooks');
  });

  it('adds a webhook and shows its signing secret once, with how to verify it', async () => {
    const api = mockWebhooksApi();
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    // A new webhook starts with "A response is submitted" chosen.
    expect(within(dialog).getByRole('checkbox', { name: /A response is submitted/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /The survey closes/ })).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), ' https://crm.example.com/in ');
    await user.click(within(dialog).getByRole('checkbox', { name: /The survey closes/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const added = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: BASE,
        body: { url: 'https://crm.example.com/in', events: ['response.created', 'survey.closed'] },
      },
    ]);
    expect(within(added).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(within(added).getByText('Copy the signing secret now')).toBeVisible();
    expect(within(added).getByText(/X-Quorum-Signature/)).toBeVisible();
    expect(within(added).getByText(/See the webhooks guide in the docs/)).toBeVisible();
    expect((await axe.run(document.body, noContrast)).violations).toEqual([]);

    await user.click(within(added).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(added).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const item = await screen.findByRole('article', { name: 'https://crm.example.com/in' });
    expect(within(item).getByText('A response is submitted')).toBeVisible();
    expect(within(item).getByText('The survey closes')).toBeVisible();
    // The secret is gone for good: not in the list, not when the dialog opens again.
    expect(document.body).not.toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Add webhook' })).queryByRole('textbox', { name: 'Signing secret' }),
    ).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('checks the URL and the events before sending, with the contract’s messages', async () => {
    const api = mockWebhooksApi();
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    const url = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    await user.type(url, 'ftp://files.example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: /A response is submitted/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    expect(await within(dialog).findByText('The webhook URL must be an http(s) URL')).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/The webhook URL must be an http\(s\) URL/);
    expect(within(dialog).getByRole('group', { name: /Events/ })).toHaveAccessibleDescription(
      'Choose at least one event',
    );
    await waitFor(() => expect(url).toHaveFocus());
    expect(api.writes()).toEqual([]);
  });

  it('shows the server’s refusal of a private address on the URL field', async () => {
    const api = mockWebhooksApi();
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    const url = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    await user.type(url, 'http://127.0.0.1/hook');
    api.refuseNext(400, 'The webhook URL must point to a public address on the internet', 'WEBHOOK_URL_NOT_ALLOWED');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(/The webhook URL must point to a public address on the internet/),
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
    // Any other refusal is shown above the buttons.
    api.refuseNext(409, 'A survey can have at most 10 webhooks', 'WEBHOOK_LIMIT_REACHED');
    await user.clear(url);
    await user.type(url, 'https://ok.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A survey can have at most 10 webhooks');
    expect(within(dialog).queryByRole('textbox', { name: 'Signing secret' })).toBeNull();
  });

  it('shows why the server turned a webhook off, and turns it back on', async () => {
    const api = mockWebhooksApi({
      webhooks: [
        makeWebhook({ enabled: false, disabledReason: 'The last 3 deliveries failed.' }),
        makeWebhook({ id: 'w2', url: 'https://ok.example.com/hook', events: ['response.deleted'] }),
      ],
    });
    const { user } = renderPanel();
    const off = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    expect(within(off).getByRole('status')).toHaveTextContent('Turned off because deliveries kept failing');
    expect(within(off).getByRole('status')).toHaveTextContent('The last 3 deliveries failed.');
    expect(within(off).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    const on = screen.getByRole('article', { name: 'https://ok.example.com/hook' });
    expect(within(on).getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(within(on).queryByText(/Turned off/)).toBeNull();
    expect(within(on).getByText('A response is deleted')).toBeVisible();
    expect((await axe.run(document.body, noContrast)).violations).toEqual([]);

    await user.click(within(off).getByRole('switch', { name: 'Active' }));
    await waitFor(() => expect(within(off).getByRole('switch', { name: 'Active' })).toBeChecked());
    expect(api.writes()).toEqual([{ method: 'PATCH', path: `${BASE}/w1`, body: { enabled: true } }]);
    expect(within(off).queryByText(/Turned off/)).toBeNull();
    expect(await screen.findByText('Webhook turned on: new events are sent to it again.')).toBeVisible();
  });

  it('edits the URL and the events', async () => {
    const api = mockWebhooksApi({ webhooks: [makeWebhook()] });
    const { user } = renderPanel();
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit webhook' });
    const url = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    expect(url).toHaveValue('https://hooks.example.com/quorum');
    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/v2');
    await user.click(within(dialog).getByRole('checkbox', { name: /A response is deleted/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('article', { name: 'https://hooks.example.com/v2' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: `${BASE}/w1`,
        body: { url: 'https://hooks.example.com/v2', events: ['response.created', 'response.deleted'] },
      },
    ]);
  });

  it('deletes a webhook only after the confirmation', async () => {
    const api = mockWebhooksApi({ webhooks: [makeWebhook()] });
    const { user } = renderPanel();
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    expect(confirm).toHaveTextContent('stops receiving events at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('article', { name: 'https://hooks.example.com/quorum' })).toBeVisible();

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    confirm = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    expect(api.writes()).toEqual([{ method: 'DELETE', path: `${BASE}/w1`, body: undefined }]);
    expect(screen.getByText('Webhook deleted.')).toBeVisible();
  });

  it('sends a test event and says how the endpoint answered', async () => {
    const api = mockWebhooksApi({ webhooks: [makeWebhook()], testAnswer: { statusCode: 200, durationMs: 42 } });
    const { user } = renderPanel();
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    await user.click(within(item).getByRole('button', { name: 'Send test event' }));
    expect(
      await screen.findByText('Test event delivered: your endpoint answered HTTP 200 in 42 ms.', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(api.writes()).toEqual([{ method: 'POST', path: `${BASE}/w1/test`, body: undefined }]);
  });

  it('says when a test event failed and will be tried again', async () => {
    mockWebhooksApi({ webhooks: [makeWebhook()], testAnswer: { statusCode: 500, durationMs: 1500 } });
    const { user } = renderPanel();
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    await user.click(within(item).getByRole('button', { name: 'Send test event' }));
    expect(
      await screen.findByText(
        'Test event failed: HTTP 500 after 1.5 s. It will be tried again; see Deliveries.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });
});

const attempts = {
  failed500: {
    attemptedAt: '2026-03-02T09:00:00.000Z',
    statusCode: 500,
    durationMs: 230,
    error: null,
    responseSnippet: '{"error":"database unavailable"}',
  },
  timedOut: {
    attemptedAt: '2026-03-02T09:00:30.000Z',
    statusCode: null,
    durationMs: 10_000,
    error: 'timed out after 10 s',
    responseSnippet: null,
  },
  ok: {
    attemptedAt: '2026-03-02T09:02:00.000Z',
    statusCode: 204,
    durationMs: 85,
    error: null,
    responseSnippet: null,
  },
};

describe('a webhook’s deliveries', { timeout: 30_000 }, () => {
  async function openDeliveries(user: ReturnType<typeof userEvent.setup>) {
    const item = await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    await user.click(within(item).getByRole('button', { name: 'Deliveries' }));
    return screen.getByRole('dialog', { name: 'Deliveries' });
  }

  it('lists each delivery with its status and attempts', async () => {
    mockWebhooksApi({
      webhooks: [makeWebhook()],
      deliveries: new Map([
        [
          'w1',
          [
            makeDelivery({ id: 'd2', status: 'failed', attempts: [attempts.failed500, attempts.timedOut] }),
            makeDelivery({ id: 'd1', event: 'survey.closed', status: 'delivered', attempts: [attempts.ok] }),
          ],
        ],
      ]),
    });
    const { user } = renderPanel();
    const dialog = await openDeliveries(user);
    const failed = await within(dialog).findByRole('listitem', { name: 'response.created, Failed' });
    expect(within(failed).getByText('Failed')).toBeVisible();
    expect(within(failed).getByText('A response is submitted')).toBeVisible();
    await user.click(within(failed).getByRole('button', { name: 'Show 2 attempts' }));
    const tries = within(failed).getByRole('list', { name: 'Attempts' });
    const [first, second] = within(tries).getAllByRole('listitem');
    expect(first).toHaveTextContent('Attempt 1');
    expect(first).toHaveTextContent('HTTP 500');
    expect(first).toHaveTextContent('230 ms');
    expect(within(first!).getByText('{"error":"database unavailable"}').tagName).toBe('PRE');
    expect(second).toHaveTextContent('timed out after 10 s');
    expect(second).toHaveTextContent('10.0 s');
    expect(within(failed).getByRole('button', { name: 'Hide attempts' })).toHaveAttribute('aria-expanded', 'true');

    const delivered = within(dialog).getByRole('listitem', { name: 'survey.closed, Delivered' });
    expect(within(delivered).getByText('The survey closes')).toBeVisible();
    await user.click(within(delivered).getByRole('button', { name: 'Show 1 attempt' }));
    expect(within(delivered).getByRole('list', { name: 'Attempts' })).toHaveTextContent('HTTP 204');
    expect((await axe.run(document.body, noContrast)).violations).toEqual([]);
  });

  it('offers Resend only once a delivery is no longer pending', async () => {
    const api = mockWebhooksApi({
      webhooks: [makeWebhook()],
      deliveries: new Map([
        [
          'w1',
          [
            makeDelivery({
              id: 'd2',
              status: 'pending',
              nextAttemptAt: '2026-03-02T09:05:00.000Z',
              attempts: [attempts.failed500],
            }),
            makeDelivery({ id: 'd1', status: 'failed', attempts: [attempts.failed500, attempts.timedOut] }),
          ],
        ],
      ]),
    });
    const { user } = renderPanel();
    const dialog = await openDeliveries(user);
    const pending = await within(dialog).findByRole('listitem', { name: 'response.created, Pending' });
    const resendPending = within(pending).getByRole('button', { name: 'Resend' });
    expect(resendPending).toHaveAttribute('aria-disabled', 'true');
    expect(resendPending).toHaveAccessibleDescription('This delivery is still being sent');
    expect(within(pending).getByText(/Next try/)).toHaveTextContent('(attempt 2)');
    await user.click(resendPending);
    expect(api.writes()).toEqual([]);

    const failed = within(dialog).getByRole('listitem', { name: 'response.created, Failed' });
    await user.click(within(failed).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([{ method: 'POST', path: `${BASE}/w1/deliveries/d1/resend`, body: undefined }]),
    );
    expect(await screen.findByText('The delivery will be sent again.')).toBeVisible();
    // Read again: the delivery is pending now, and cannot be resent again until it settles.
    await waitFor(() =>
      expect(within(dialog).getAllByRole('listitem', { name: 'response.created, Pending' })).toHaveLength(2),
    );
  });

  it('reads the deliveries again while one is pending, until it settles', async () => {
    const api = mockWebhooksApi({
      webhooks: [makeWebhook()],
      deliveries: new Map([['w1', [makeDelivery({ status: 'pending', attempts: [attempts.failed500] })]]]),
    });
    const { user } = renderPanel();
    const dialog = await openDeliveries(user);
    await within(dialog).findByRole('listitem', { name: 'response.created, Pending' });
    api.setDeliveries('w1', [makeDelivery({ status: 'delivered', attempts: [attempts.failed500, attempts.ok] })]);
    expect(
      await within(dialog).findByRole('listitem', { name: 'response.created, Delivered' }, { timeout: 6000 }),
    ).toBeVisible();
    const reads = () => api.calls.filter((c) => c.path === `${BASE}/w1/deliveries`).length;
    const settled = reads();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(reads()).toBe(settled);
  });

  it('says when the deliveries could not be read, and shows a designed empty state once they are', async () => {
    const api = mockWebhooksApi({ webhooks: [makeWebhook()] });
    const { user } = renderPanel();
    await screen.findByRole('article', { name: 'https://hooks.example.com/quorum' });
    api.refuseNext(500, 'Something went wrong on our side', 'INTERNAL', { read: true });
    const dialog = await openDeliveries(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('heading', { name: 'No deliveries yet' })).toBeVisible();
    expect(within(dialog).getByText(/Send a test event to see one/)).toBeVisible();
  });
});
