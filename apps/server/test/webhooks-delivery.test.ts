import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedWebhook, Delivery, DeliveryList, WebhookEvent, WebhookPayload } from '@quorum/contract';
import { createSurvey, createUser, type CreatedAccount, type CreatedSurvey } from '@quorum/test-support/factories';
import type { Config } from '../src/config';
import type { SurveyEvent } from '../src/events/survey-events';
import { closeSurveysDue } from '../src/modules/surveys/survey-closer';
import { enqueueWebhookDeliveries } from '../src/modules/webhooks/webhook-outbox';
import {
  TEST_DIALECT,
  createTestApp,
  createTestDatabase,
  request,
  useTestApp,
  useTwoInstances,
  type TestApp,
} from './helpers';
import { expectError } from './support/expect-error';
import { matrixWebhook } from './support/matrix-webhook';
import { startWebhookReceiver, waitFor, type ReceivedDelivery, type WebhookReceiver } from './support/webhook-receiver';

const FAST: Partial<Config> = {
  outboundAllowPrivate: true,
  webhooks: { retryBaseMs: 50, timeoutMs: 500 },
  outboxPollMs: 50,
};

/**
 * The documented way to verify a delivery, written out independently of the server's code: HMAC-SHA256 of
 * "{X-Quorum-Timestamp}.{raw body}" with the secret, hex, after "sha256=", compared in constant time.
 */
function verifySignature(secret: string, delivery: ReceivedDelivery): boolean {
  const timestamp = String(delivery.headers['x-quorum-timestamp']);
  const signature = String(delivery.headers['x-quorum-signature']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

const payloadOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as WebhookPayload;

interface Hooked {
  owner: CreatedAccount;
  survey: CreatedSurvey;
  webhook: CreatedWebhook;
}

async function hookedSurvey(
  t: TestApp,
  url: string,
  events: WebhookEvent[],
  settings: Parameters<typeof createSurvey>[2] = {},
): Promise<Hooked> {
  const owner = await createUser(t.ctx);
  const survey = await createSurvey(t.ctx, owner.id, { state: 'active', title: 'Festival feedback', ...settings });
  const res = await request(t.app, 'POST', `/api/surveys/${survey.id}/webhooks`, {
    token: owner.token,
    body: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, survey, webhook: res.json<CreatedWebhook>() };
}

/** A valid answer to each sample question. */
const answersFor = (survey: CreatedSurvey) =>
  survey.questions.map((q) => ({
    questionId: q.id,
    answer:
      q.type === 'checkbox'
        ? [q.options[1]!]
        : q.type === 'text'
          ? 'Great sound'
          : q.type === 'rating'
            ? 4
            : q.options[0]!,
  }));

async function submit(t: TestApp, survey: CreatedSurvey): Promise<string> {
  const res = await request(t.app, 'POST', `/api/surveys/${survey.id}/responses`, {
    body: { answers: answersFor(survey) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ responseId: string }>().responseId;
}

async function deliveries(t: TestApp, hooked: Hooked): Promise<Delivery[]> {
  const res = await request(t.app, 'GET', `/api/surveys/${hooked.survey.id}/webhooks/${hooked.webhook.id}/deliveries`, {
    token: hooked.owner.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeliveryList>().deliveries;
}

async function settled(t: TestApp, hooked: Hooked, count = 1, timeoutMs = 10_000): Promise<Delivery[]> {
  let list: Delivery[] = [];
  await waitFor(
    async () => {
      list = await deliveries(t, hooked);
      return list.length >= count && list.every((d) => d.status !== 'pending');
    },
    timeoutMs,
    'deliveries to settle',
  );
  return list;
}

describe(`webhook deliveries (${TEST_DIALECT})`, () => {
  const t = useTestApp(FAST);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(() => {
    receiver.received.length = 0;
    receiver.answerWith(() => ({ status: 200 }));
  });
  afterAll(async () => receiver.close());

  const forSurvey = (surveyId: string) => receiver.received.filter((d) => payloadOf(d).survey.id === surveyId);

  it('sends a submitted response as response.created, signed, with each answer keyed by question id and its text', async () => {
    const hooked = await hookedSurvey(t, receiver.url, ['response.created']);
    const before = Math.floor(Date.now() / 1000);
    const responseId = await submit(t, hooked.survey);
    await waitFor(() => forSurvey(hooked.survey.id).length === 1, 5000, 'the delivery');
    const delivery = forSurvey(hooked.survey.id)[0]!;

    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toBe('Quorum-Webhooks/1');
    expect(delivery.headers['x-quorum-event']).toBe('response.created');
    const timestamp = Number(delivery.headers['x-quorum-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    expect(verifySignature(hooked.webhook.secret, delivery)).toBe(true);
    // Any change to the body or the timestamp breaks the signature.
    expect(verifySignature(hooked.webhook.secret, { ...delivery, body: delivery.body.replace('4', '5') })).toBe(false);
    expect(verifySignature('whsec_other', delivery)).toBe(false);

    const payload = payloadOf(delivery);
    expect(delivery.headers['x-quorum-delivery']).toBe(payload.id);
    const [day, enjoyed, text, rating] = hooked.survey.questions;
    expect(payload).toEqual({
      id: payload.id,
      event: 'response.created',
      createdAt: expect.any(String),
      survey: { id: hooked.survey.id, title: 'Festival feedback' },
      data: {
        response: {
          id: responseId,
          submittedAt: expect.any(String),
          answers: {
            [day!.id]: { question: day!.text, type: 'multiple_choice', answer: 'Friday' },
            [enjoyed!.id]: { question: enjoyed!.text, type: 'checkbox', answer: ['Sound'] },
            [text!.id]: { question: text!.text, type: 'text', answer: 'Great sound' },
            [rating!.id]: { question: rating!.text, type: 'rating', answer: 4 },
          },
          hiddenFields: {},
          language: 'en',
        },
      },
    });

    const [listed] = await settled(t, hooked);
    expect(listed).toMatchObject({
      id: payload.id,
      event: 'response.created',
      status: 'delivered',
      nextAttemptAt: null,
    });
    expect(listed!.attempts).toEqual([
      {
        attemptedAt: expect.any(String),
        statusCode: 200,
        durationMs: expect.any(Number),
        error: null,
        responseSnippet: 'ok',
      },
    ]);
  });

  it('sends only the events a webhook subscribes to, and nothing to a webhook that is off', async () => {
    const hooked = await hookedSurvey(t, receiver.url, ['survey.closed']);
    const off = await request(t.app, 'POST', `/api/surveys/${hooked.survey.id}/webhooks`, {
      token: hooked.owner.token,
      body: { url: `${receiver.url}?off`, events: ['response.created', 'survey.closed'] },
    });
    const offId = off.json<CreatedWebhook>().id;
    await request(t.app, 'PATCH', `/api/surveys/${hooked.survey.id}/webhooks/${offId}`, {
      token: hooked.owner.token,
      body: { enabled: false },
    });
    await submit(t, hooked.survey);
    const closed = await request(t.app, 'PATCH', `/api/surveys/${hooked.survey.id}/state`, {
      token: hooked.owner.token,
      body: { state: 'closed' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await waitFor(() => forSurvey(hooked.survey.id).length >= 1, 5000, 'the delivery');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = forSurvey(hooked.survey.id);
    expect(got.map((d) => [d.headers['x-quorum-event'], payloadOf(d).data])).toEqual([
      ['survey.closed', { reason: 'manual' }],
    ]);
    const stored = await t.ctx.db.kysely
      .selectFrom('webhook_deliveries')
      .select('webhook_id')
      .where('survey_id', '=', hooked.survey.id)
      .execute();
    expect(stored).toEqual([{ webhook_id: hooked.webhook.id }]);
  });

  it('sends response.deleted when the owner deletes a response', async () => {
    const hooked = await hookedSurvey(t, receiver.url, ['response.deleted']);
    const responseId = await submit(t, hooked.survey);
    const res = await request(t.app, 'DELETE', `/api/surveys/${hooked.survey.id}/responses/${responseId}`, {
      token: hooked.owner.token,
    });
    expect(res.statusCode, res.body).toBe(204);
    await waitFor(() => forSurvey(hooked.survey.id).length === 1, 5000, 'the delivery');
    const delivery = forSurvey(hooked.survey.id)[0]!;
    expect(delivery.headers['x-quorum-event']).toBe('response.deleted');
    expect(payloadOf(delivery).data).toEqual({ responseId });
    expect(verifySignature(hooked.webhook.secret, delivery)).toBe(true);
  });

  it('sends survey.closed when the response limit closes the survey, and when its closing time passes', async () => {
    const byLimit = await hookedSurvey(t, receiver.url, ['survey.closed'], { settings: { responseLimit: 1 } });
    await submit(t, byLimit.survey);
    await waitFor(() => forSurvey(byLimit.survey.id).length === 1, 5000, 'the limit delivery');
    expect(payloadOf(forSurvey(byLimit.survey.id)[0]!).data).toEqual({ reason: 'limit' });

    const bySchedule = await hookedSurvey(t, receiver.url, ['survey.closed']);
    await t.ctx.db.kysely
      .updateTable('surveys')
      .set({ closes_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', bySchedule.survey.id)
      .execute();
    await closeSurveysDue(t.ctx);
    await waitFor(() => forSurvey(bySchedule.survey.id).length === 1, 5000, 'the schedule delivery');
    const delivery = forSurvey(bySchedule.survey.id)[0]!;
    expect(payloadOf(delivery)).toMatchObject({ event: 'survey.closed', data: { reason: 'schedule' } });
  });

  it('retries after 500s with growing delays, then delivers, keeping each attempt with its status and snippet', async () => {
    receiver.answerWith((_d, index) => (index < 2 ? { status: 500, body: 'database down' } : { status: 204 }));
    const hooked = await hookedSurvey(t, receiver.url, ['response.created']);
    await submit(t, hooked.survey);
    const [delivery] = await settled(t, hooked);
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.attempts.map((a) => [a.statusCode, a.responseSnippet])).toEqual([
      [500, 'database down'],
      [500, 'database down'],
      [204, null],
    ]);
    expect(delivery!.attempts[0]!.error).toBe('The receiver answered 500');
    const got = forSurvey(hooked.survey.id);
    expect(new Set(got.map((d) => d.headers['x-quorum-delivery']))).toEqual(new Set([delivery!.id]));
    // base 50 ms ±20 %, then ×3.
    expect(got[1]!.receivedAt - got[0]!.receivedAt).toBeGreaterThanOrEqual(35);
    expect(got[2]!.receivedAt - got[1]!.receivedAt).toBeGreaterThanOrEqual(110);
    // The same body each time, signed afresh.
    expect(new Set(got.map((d) => d.body)).size).toBe(1);
    for (const d of got) expect(verifySignature(hooked.webhook.secret, d)).toBe(true);
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    receiver.answerWith((_d, index) => (index === 0 ? 'hang' : { status: 200 }));
    const hooked = await hookedSurvey(t, receiver.url, ['response.created']);
    await submit(t, hooked.survey);
    const [delivery] = await settled(t, hooked);
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [null, 'Timed out after 0.5 s'],
      [200, null],
    ]);
    expect(delivery!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(450);
  });

  it('does not follow a redirect: a 3xx is a failed attempt with its status', async () => {
    receiver.answerWith((_d, index) =>
      index === 0 ? { status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } } : { status: 200 },
    );
    const hooked = await hookedSurvey(t, receiver.url, ['response.created']);
    await submit(t, hooked.survey);
    const [delivery] = await settled(t, hooked);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [302, 'Redirects are not followed'],
      [200, null],
    ]);
  });

  it('sends a test event to that webhook only, lists it, and resends the same delivery (409 while pending)', async () => {
    const hooked = await hookedSurvey(t, receiver.url, ['survey.closed']);
    const other = await request(t.app, 'POST', `/api/surveys/${hooked.survey.id}/webhooks`, {
      token: hooked.owner.token,
      body: { url: `${receiver.url}?other`, events: ['survey.closed'] },
    });
    expect(other.statusCode).toBe(201);
    const base = `/api/surveys/${hooked.survey.id}/webhooks/${hooked.webhook.id}`;
    const res = await request(t.app, 'POST', `${base}/test`, { token: hooked.owner.token });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<Delivery>();
    expect(queued).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: [] });
    const [sent] = await settled(t, hooked);
    expect(sent).toMatchObject({ id: queued.id, status: 'delivered' });
    expect(receiver.received.map((d) => d.headers['x-quorum-delivery'])).toEqual([queued.id]);
    expect(receiver.received[0]!.headers['x-quorum-event']).toBe('webhook.test');
    expect(verifySignature(hooked.webhook.secret, receiver.received[0]!)).toBe(true);

    // Resent: the same delivery id and body, its first attempt kept.
    receiver.answerWith(() => 'hang');
    const resent = await request(t.app, 'POST', `${base}/deliveries/${queued.id}/resend`, {
      token: hooked.owner.token,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json<Delivery>()).toMatchObject({ id: queued.id, status: 'pending' });
    expect(resent.json<Delivery>().attempts).toHaveLength(1);
    expectError(
      await request(t.app, 'POST', `${base}/deliveries/${queued.id}/resend`, { token: hooked.owner.token }),
      409,
      'DELIVERY_PENDING',
      { message: 'This delivery is still being sent' },
    );
    await waitFor(() => receiver.received.length === 2, 5000, 'the resent delivery');
    receiver.answerWith(() => ({ status: 200 }));
    const [again] = await settled(t, hooked);
    expect(again!.id).toBe(queued.id);
    expect(again!.status).toBe('delivered');
    expect(again!.attempts.map((a) => a.statusCode)).toEqual([200, null, 200]);
    expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);
    expect(new Set(receiver.received.map((d) => d.headers['x-quorum-delivery']))).toEqual(new Set([queued.id]));

    expectError(
      await request(t.app, 'POST', `${base}/deliveries/unknown/resend`, { token: hooked.owner.token }),
      404,
      'DELIVERY_NOT_FOUND',
    );
  });
});

describe(`webhook deliveries that keep failing (${TEST_DIALECT})`, () => {
  const t = useTestApp({ ...FAST, webhooks: { retryBaseMs: 1, timeoutMs: 500 } });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => ({ status: 503, body: 'maintenance' }));
  });
  afterAll(async () => receiver.close());

  const deletedEvent = (hooked: Hooked, responseId: string): SurveyEvent => ({
    type: 'response.deleted',
    survey: { id: hooked.survey.id, title: 'Festival feedback', ownerId: hooked.owner.id, webhookCount: 1 },
    at: new Date().toISOString(),
    responseId,
  });

  it('fails a delivery after the attempt budget; three failed in a row turn the webhook off and tell its owner', async () => {
    const hooked = await hookedSurvey(t, receiver.url, ['response.deleted']);
    const first = await enqueueWebhookDeliveries(t.ctx.db.kysely, [deletedEvent(hooked, 'r-1')]);
    expect(first).toBe(1);
    t.ctx.outbox.nudge();
    const [failed] = await settled(t, hooked);
    expect(failed!.status).toBe('failed');
    expect(failed!.attempts).toHaveLength(8);
    expect(failed!.attempts.every((a) => a.statusCode === 503 && a.responseSnippet === 'maintenance')).toBe(true);
    let row = await t.ctx.db.kysely
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', hooked.webhook.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.enabled), Number(row.failure_streak)]).toEqual([1, 1]);

    await enqueueWebhookDeliveries(t.ctx.db.kysely, [deletedEvent(hooked, 'r-2'), deletedEvent(hooked, 'r-3')]);
    t.ctx.outbox.nudge();
    const all = await settled(t, hooked, 3);
    expect(all.map((d) => d.status)).toEqual(['failed', 'failed', 'failed']);

    row = await t.ctx.db.kysely
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', hooked.webhook.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.enabled)).toBe(0);
    expect(row.disabled_reason).toMatch(/3 deliveries in a row failed/);
    const survey = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select('webhook_count')
      .where('id', '=', hooked.survey.id)
      .executeTakeFirstOrThrow();
    expect(Number(survey.webhook_count)).toBe(0);
    const mails = await t.ctx.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', hooked.owner.id)
      .execute();
    expect(mails.map((m) => [m.kind, JSON.parse(m.payload)])).toEqual([
      ['webhook-disabled', { surveyId: hooked.survey.id, webhookId: hooked.webhook.id, url: receiver.url }],
    ]);
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'webhook.disabled')
      .where('target_id', '=', hooked.survey.id)
      .execute();
    expect(audit).toHaveLength(1);

    // Off: nothing new is written for it, and a delivery sent again is not sent while it is off.
    expect(await enqueueWebhookDeliveries(t.ctx.db.kysely, [deletedEvent(hooked, 'r-4')])).toBe(0);
    const sentBefore = receiver.received.length;
    const base = `/api/surveys/${hooked.survey.id}/webhooks/${hooked.webhook.id}`;
    const resent = await request(t.app, 'POST', `${base}/deliveries/${failed!.id}/resend`, {
      token: hooked.owner.token,
    });
    expect(resent.statusCode).toBe(202);
    const [again] = (await settled(t, hooked, 3)).filter((d) => d.id === failed!.id);
    expect(again!.status).toBe('failed');
    expect(again!.attempts.at(-1)).toMatchObject({ statusCode: null, error: 'The webhook is turned off' });
    expect(receiver.received.length).toBe(sentBefore);
  });
});

describe(`webhook deliveries across a restart (${TEST_DIALECT})`, () => {
  it('a delivery that failed once on one instance is delivered by the next one on the same database', async () => {
    const database = await createTestDatabase();
    const receiver = await startWebhookReceiver((_d, index) => (index === 0 ? { status: 500 } : { status: 200 }));
    const config = { ...FAST, webhooks: { retryBaseMs: 1500, timeoutMs: 500 } };
    const a = await createTestApp(config, { database: database.database });
    let b: TestApp | undefined;
    try {
      const hooked = await hookedSurvey(a, receiver.url, ['response.created']);
      await submit(a, hooked.survey);
      await waitFor(() => receiver.received.length === 1, 5000, 'the first attempt');
      await waitFor(async () => (await deliveries(a, hooked))[0]?.attempts.length === 1, 5000, 'the attempt record');
      await a.close();

      b = await createTestApp(config, { database: database.database });
      const [delivery] = await settled(b, hooked, 1, 10_000);
      expect(delivery!.status).toBe('delivered');
      expect(delivery!.attempts.map((x) => x.statusCode)).toEqual([500, 200]);
      expect(receiver.received).toHaveLength(2);
      expect(new Set(receiver.received.map((d) => d.headers['x-quorum-delivery'])).size).toBe(1);
    } finally {
      await b?.close();
      await receiver.close();
      await database.drop();
    }
  });
});

describe(`webhook deliveries with two instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances(FAST);

  it('sends each of 50 deliveries exactly once', async () => {
    const counts = new Map<string, number>();
    const receiver = await startWebhookReceiver((d) => {
      const id = String(d.headers['x-quorum-delivery']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      // Slow enough that both instances are claiming while the other sends.
      return { status: 200, delayMs: 20 };
    });
    try {
      const hooked = await hookedSurvey(a, receiver.url, ['response.deleted']);
      const events: SurveyEvent[] = Array.from({ length: 50 }, (_, i) => ({
        type: 'response.deleted',
        survey: { id: hooked.survey.id, title: 'Festival feedback', ownerId: hooked.owner.id, webhookCount: 1 },
        at: new Date().toISOString(),
        responseId: `response-${i}`,
      }));
      expect(await a.ctx.db.kysely.transaction().execute((trx) => enqueueWebhookDeliveries(trx, events))).toBe(50);
      a.ctx.outbox.nudge();
      b.ctx.outbox.nudge();
      await waitFor(
        async () => {
          const rows = await a.ctx.db.kysely
            .selectFrom('webhook_deliveries')
            .select('status')
            .where('survey_id', '=', hooked.survey.id)
            .execute();
          return rows.length === 50 && rows.every((r) => r.status === 'delivered');
        },
        15_000,
        'all 50 delivered',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(counts.size).toBe(50);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const attempts = await a.ctx.db.kysely
        .selectFrom('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .select('webhook_attempts.id')
        .where('webhook_deliveries.survey_id', '=', hooked.survey.id)
        .execute();
      expect(attempts).toHaveLength(50);
    } finally {
      await receiver.close();
    }
  });
});

describe(`webhook deliveries check the address they connect to (${TEST_DIALECT})`, () => {
  const t = useTestApp({ ...FAST, outboundAllowPrivate: false });

  it('refuses at send time a webhook whose host is or now resolves to a loopback address, without connecting', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const port = new URL(receiver.url).port;
      for (const url of [`http://127.0.0.1:${port}/hooks`, `http://localhost:${port}/hooks`]) {
        const owner = await createUser(t.ctx);
        const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
        // Stored as if its host had resolved to a public address when it was saved (DNS rebinding).
        const { webhookId } = await matrixWebhook(t.ctx, survey.id);
        await t.ctx.db.kysely.updateTable('webhooks').set({ url }).where('id', '=', webhookId).execute();
        const base = `/api/surveys/${survey.id}/webhooks/${webhookId}`;
        const res = await request(t.app, 'POST', `${base}/test`, { token: owner.token });
        expect(res.statusCode, res.body).toBe(202);
        const id = res.json<Delivery>().id;
        await waitFor(
          async () => {
            const list = await request(t.app, 'GET', `${base}/deliveries`, { token: owner.token });
            const delivery = list.json<DeliveryList>().deliveries.find((d) => d.id === id);
            return (delivery?.attempts.length ?? 0) >= 1;
          },
          5000,
          'the refused attempt',
        );
        const list = await request(t.app, 'GET', `${base}/deliveries`, { token: owner.token });
        const delivery = list.json<DeliveryList>().deliveries.find((d) => d.id === id)!;
        expect(delivery.attempts[0], url).toMatchObject({ statusCode: null, error: 'The address is not allowed' });
      }
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
