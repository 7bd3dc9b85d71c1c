import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_LIMITS,
  errorDetail,
  type ApiKeyScope,
  type CreatedApiKey,
  type CreatedWebhook,
  type DeliveryList,
  type Webhook,
  type WebhookList,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser } from '@quorum/test-support/factories';
import { createSecretBox } from '../src/modules/two-factor/secret-box';
import { deliveryRow } from '../src/modules/webhooks/webhook-outbox';
import { insertDeliveries } from '../src/modules/webhooks/webhooks.repository';
import { webhookSecretContext } from '../src/modules/webhooks/webhooks.service';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const hooks = (surveyId: string) => `/api/surveys/${surveyId}/webhooks`;

async function ownerWithSurvey(t: TestApp) {
  const owner = await createUser(t.ctx);
  const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
  return { owner, survey };
}

async function webhookCount(t: TestApp, surveyId: string): Promise<number> {
  const row = await t.ctx.db.kysely
    .selectFrom('surveys')
    .select('webhook_count')
    .where('id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return Number(row.webhook_count);
}

describe(`webhooks: managing them (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: true });

  async function create(token: string, surveyId: string, body: unknown) {
    return request(t.app, 'POST', hooks(surveyId), { token, body });
  }

  it('creates a webhook, shows its secret once, stores it only sealed, and lists it without the secret', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const res = await create(owner.token, survey.id, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['response.created', 'survey.closed'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreatedWebhook>();
    expect(created).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      events: ['response.created', 'survey.closed'],
      enabled: true,
      disabledReason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const row = await t.ctx.db.kysely
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(created.secret.slice(6));
    const box = createSecretBox(t.config.jwtSecret);
    expect(box.open(row.secret_box, webhookSecretContext(created.id))).toBe(created.secret);
    // Sealed to its webhook: the same box does not open under another webhook's id.
    expect(box.open(row.secret_box, webhookSecretContext('another'))).toBeUndefined();

    const list = await request(t.app, 'GET', hooks(survey.id), { token: owner.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<WebhookList>().webhooks).toEqual([
      {
        id: created.id,
        url: created.url,
        events: created.events,
        enabled: true,
        disabledReason: null,
        createdAt: created.createdAt,
        updatedAt: created.updatedAt,
      },
    ]);
    expect(list.body).not.toContain('whsec_');
    expect(await webhookCount(t, survey.id)).toBe(1);

    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('type', '=', 'webhook.created')
      .where('target_id', '=', survey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ webhookId: created.id, host: '127.0.0.1:9' });
  });

  it('refuses bodies the contract refuses', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    for (const body of [
      { url: 'ftp://example.com/x', events: ['response.created'] },
      { url: 'not a url', events: ['response.created'] },
      { url: 'http://127.0.0.1:9/', events: [] },
      { url: 'http://127.0.0.1:9/', events: ['response.updated'] },
      { url: 'http://127.0.0.1:9/', events: ['response.created', 'response.created'] },
      { url: `http://127.0.0.1:9/${'a'.repeat(WEBHOOK_LIMITS.url)}`, events: ['response.created'] },
      { url: 'http://127.0.0.1:9/', events: ['response.created'], secret: 'mine' },
    ]) {
      expectError(
        await create(owner.token, survey.id, body),
        400,
        'VALIDATION_FAILED',
        undefined,
        JSON.stringify(body),
      );
    }
    expect(await webhookCount(t, survey.id)).toBe(0);
  });

  it(`allows ${WEBHOOK_LIMITS.perSurvey} webhooks per survey, then 409 WEBHOOK_LIMIT_REACHED`, async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    for (let i = 0; i < WEBHOOK_LIMITS.perSurvey; i += 1) {
      const res = await create(owner.token, survey.id, { url: `http://127.0.0.1:9/${i}`, events: ['survey.closed'] });
      expect(res.statusCode, res.body).toBe(201);
    }
    expectError(
      await create(owner.token, survey.id, { url: 'http://127.0.0.1:9/one-more', events: ['survey.closed'] }),
      409,
      'WEBHOOK_LIMIT_REACHED',
      { message: `A survey can have at most ${WEBHOOK_LIMITS.perSurvey} webhooks`, params: { limit: 10 } },
    );
    expect(await webhookCount(t, survey.id)).toBe(WEBHOOK_LIMITS.perSurvey);
  });

  it('updates url, events and enabled, keeping webhook_count the number of enabled webhooks', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const { id } = (
      await create(owner.token, survey.id, { url: 'http://127.0.0.1:9/a', events: ['survey.closed'] })
    ).json<Webhook>();
    await create(owner.token, survey.id, { url: 'http://127.0.0.1:9/b', events: ['survey.closed'] });
    expect(await webhookCount(t, survey.id)).toBe(2);

    const patch = (body: unknown) => request(t.app, 'PATCH', `${hooks(survey.id)}/${id}`, { token: owner.token, body });
    const off = await patch({ enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Webhook>().enabled).toBe(false);
    expect(await webhookCount(t, survey.id)).toBe(1);
    // Turning it off twice moves nothing.
    await patch({ enabled: false });
    expect(await webhookCount(t, survey.id)).toBe(1);

    // Turning it on again forgets why the server had turned it off, and its failures.
    await t.ctx.db.kysely
      .updateTable('webhooks')
      .set({ disabled_reason: 'kept failing', failure_streak: 3 })
      .where('id', '=', id)
      .execute();
    const on = await patch({ enabled: true, url: 'http://127.0.0.1:9/c', events: ['response.deleted'] });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Webhook>()).toMatchObject({
      enabled: true,
      disabledReason: null,
      url: 'http://127.0.0.1:9/c',
      events: ['response.deleted'],
    });
    const row = await t.ctx.db.kysely.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.failure_streak)).toBe(0);
    expect(await webhookCount(t, survey.id)).toBe(2);

    expectError(await patch({ url: 'mailto:x@example.com' }), 400, 'VALIDATION_FAILED');
    expectError(
      await request(t.app, 'PATCH', `${hooks(survey.id)}/unknown`, { token: owner.token, body: { enabled: true } }),
      404,
      'WEBHOOK_NOT_FOUND',
      { message: 'Webhook not found' },
    );
  });

  it('deletes a webhook with its deliveries and attempts, and counts it out only if it was enabled', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const a = (
      await create(owner.token, survey.id, { url: 'http://127.0.0.1:9/a', events: ['survey.closed'] })
    ).json<Webhook>();
    const b = (
      await create(owner.token, survey.id, { url: 'http://127.0.0.1:9/b', events: ['survey.closed'] })
    ).json<Webhook>();
    await request(t.app, 'PATCH', `${hooks(survey.id)}/${b.id}`, { token: owner.token, body: { enabled: false } });
    expect(await webhookCount(t, survey.id)).toBe(1);

    expect((await request(t.app, 'DELETE', `${hooks(survey.id)}/${b.id}`, { token: owner.token })).statusCode).toBe(
      204,
    );
    expect(await webhookCount(t, survey.id)).toBe(1);
    const res = await request(t.app, 'DELETE', `${hooks(survey.id)}/${a.id}`, { token: owner.token });
    expect(res.statusCode).toBe(204);
    expect(await webhookCount(t, survey.id)).toBe(0);
    expectError(
      await request(t.app, 'DELETE', `${hooks(survey.id)}/${a.id}`, { token: owner.token }),
      404,
      'WEBHOOK_NOT_FOUND',
    );
    const left = await t.ctx.db.kysely.selectFrom('webhooks').select('id').where('survey_id', '=', survey.id).execute();
    expect(left).toEqual([]);
  });

  it("is the owner's only: other users 404 SURVEY_NOT_FOUND, administrators 403 ADMIN_CANNOT_MANAGE_WEBHOOKS", async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const other = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const { id } = (
      await create(owner.token, survey.id, { url: 'http://127.0.0.1:9/a', events: ['survey.closed'] })
    ).json<Webhook>();
    const calls: [string, string, unknown?][] = [
      ['GET', hooks(survey.id)],
      ['POST', hooks(survey.id), { url: 'http://127.0.0.1:9/x', events: ['survey.closed'] }],
      ['PATCH', `${hooks(survey.id)}/${id}`, { enabled: false }],
      ['DELETE', `${hooks(survey.id)}/${id}`],
      ['POST', `${hooks(survey.id)}/${id}/test`],
      ['GET', `${hooks(survey.id)}/${id}/deliveries`],
      ['POST', `${hooks(survey.id)}/${id}/deliveries/unknown/resend`],
    ];
    for (const [method, url, body] of calls) {
      const options = (token: string) => ({ token, ...(body === undefined ? {} : { body }) });
      expectError(
        await request(t.app, method as 'GET', url, options(other.token)),
        404,
        'SURVEY_NOT_FOUND',
        undefined,
        `${method} ${url}`,
      );
      expectError(
        await request(t.app, method as 'GET', url, options(admin.token)),
        403,
        'ADMIN_CANNOT_MANAGE_WEBHOOKS',
        { message: 'Only the owner can manage webhooks' },
        `${method} ${url}`,
      );
    }
    // A webhook of another survey of the same owner is not found through this one.
    const second = await createSurvey(t.ctx, owner.id);
    expectError(
      await request(t.app, 'GET', `${hooks(second.id)}/${id}/deliveries`, { token: owner.token }),
      404,
      'WEBHOOK_NOT_FOUND',
    );
    expect(await webhookCount(t, survey.id)).toBe(1);
  });
});

describe(`webhooks: what an API key needs for responses to be sent or shown (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: true });
  const MISSING = errorDetail('API_KEY_SCOPE_MISSING', { scope: 'responses:read' });

  async function keyOf(token: string, scopes: readonly ApiKeyScope[]): Promise<string> {
    const res = await request(t.app, 'POST', '/api/user/api-keys', { token, body: { name: 'Sync', scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>().key;
  }

  /** A finished delivery of `event` to the webhook, as the outbox stores one. */
  async function finishedDelivery(surveyId: string, webhookId: string, event: 'response.created' | 'survey.closed') {
    const now = t.ctx.clock.now().toISOString();
    const data =
      event === 'response.created'
        ? { response: { id: 'r1', submittedAt: now, answers: {}, hiddenFields: { email: 'a@example.com' } } }
        : { reason: 'manual' };
    const row = deliveryRow(
      webhookId,
      surveyId,
      { event, createdAt: now, survey: { id: surveyId, title: 'S' }, data },
      now,
    );
    await insertDeliveries(t.ctx.db.kysely, [{ ...row, status: 'failed', next_attempt_at: null, completed_at: now }]);
    return row.id;
  }

  const webhookRow = (id: string) =>
    t.ctx.db.kysely
      .selectFrom('webhooks')
      .select(['url', 'events', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const deliveryStatus = async (id: string) =>
    (
      await t.ctx.db.kysely
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('refuses a key without responses:read a webhook for response events, and allows one for survey.closed', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const writer = await keyOf(owner.token, ['surveys:read', 'surveys:write']);
    for (const events of [['response.created'], ['response.deleted'], ['survey.closed', 'response.created']]) {
      const res = await request(t.app, 'POST', hooks(survey.id), {
        token: writer,
        body: { url: 'http://127.0.0.1:9/hooks', events },
      });
      expectError(res, 403, 'API_KEY_SCOPE_MISSING', MISSING, events.join(','));
    }
    expect(await webhookCount(t, survey.id)).toBe(0);
    const closed = await request(t.app, 'POST', hooks(survey.id), {
      token: writer,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['survey.closed'] },
    });
    expect(closed.statusCode, closed.body).toBe(201);

    const reader = await keyOf(owner.token, ['surveys:write', 'responses:read']);
    const full = await request(t.app, 'POST', hooks(survey.id), {
      token: reader,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['response.created'] },
    });
    expect(full.statusCode, full.body).toBe(201);
    // A session is no key: its rights are the survey's.
    const session = await request(t.app, 'POST', hooks(survey.id), {
      token: owner.token,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['response.created', 'response.deleted'] },
    });
    expect(session.statusCode, session.body).toBe(201);
    expect(await webhookCount(t, survey.id)).toBe(3);
  });

  it('refuses such a key adding a response event, or a new URL for a webhook that has one, changing nothing', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const writer = await keyOf(owner.token, ['surveys:read', 'surveys:write']);
    const make = async (events: string[]) =>
      (
        await request(t.app, 'POST', hooks(survey.id), {
          token: owner.token,
          body: { url: 'http://127.0.0.1:9/hooks', events },
        })
      ).json<Webhook>().id;
    const closedOnly = await make(['survey.closed']);
    const responses = await make(['response.created', 'survey.closed']);
    const patch = (id: string, body: unknown) =>
      request(t.app, 'PATCH', `${hooks(survey.id)}/${id}`, { token: writer, body });

    for (const [id, body] of [
      [closedOnly, { events: ['survey.closed', 'response.created'] }],
      [closedOnly, { events: ['response.deleted'], url: 'http://127.0.0.1:9/mine' }],
      [responses, { url: 'http://127.0.0.1:9/mine' }],
      [responses, { url: 'http://127.0.0.1:9/mine', enabled: true }],
    ] as const) {
      expectError(await patch(id, body), 403, 'API_KEY_SCOPE_MISSING', MISSING, JSON.stringify(body));
    }
    expect(await webhookRow(closedOnly)).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      events: '["survey.closed"]',
    });
    expect(await webhookRow(responses)).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      events: '["response.created","survey.closed"]',
    });

    // What sends no response elsewhere stays a surveys:write change.
    for (const [id, body] of [
      [closedOnly, { url: 'http://127.0.0.1:9/other' }],
      [responses, { enabled: false }],
      [responses, { events: ['response.created', 'survey.closed'] }],
      [responses, { events: ['survey.closed'] }],
      [responses, { events: ['survey.closed'], url: 'http://127.0.0.1:9/other' }],
    ] as const) {
      const res = await patch(id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
    }
    const reader = await keyOf(owner.token, ['surveys:write', 'responses:read']);
    const added = await request(t.app, 'PATCH', `${hooks(survey.id)}/${closedOnly}`, {
      token: reader,
      body: { events: ['response.created'] },
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('lets such a key send a test event, but not resend a response or read the deliveries', async () => {
    const { owner, survey } = await ownerWithSurvey(t);
    const writer = await keyOf(owner.token, ['surveys:read', 'surveys:write']);
    const reader = await keyOf(owner.token, ['surveys:read', 'surveys:write', 'responses:read']);
    const { id } = (
      await request(t.app, 'POST', hooks(survey.id), {
        token: owner.token,
        body: { url: 'http://127.0.0.1:9/hooks', events: ['response.created', 'survey.closed'] },
      })
    ).json<Webhook>();
    const base = `${hooks(survey.id)}/${id}`;
    const withResponse = await finishedDelivery(survey.id, id, 'response.created');
    const closed = await finishedDelivery(survey.id, id, 'survey.closed');

    const test = await request(t.app, 'POST', `${base}/test`, { token: writer });
    expect(test.statusCode, test.body).toBe(202);

    expectError(
      await request(t.app, 'POST', `${base}/deliveries/${withResponse}/resend`, { token: writer }),
      403,
      'API_KEY_SCOPE_MISSING',
      MISSING,
    );
    expect(await deliveryStatus(withResponse)).toBe('failed');
    const resentClosed = await request(t.app, 'POST', `${base}/deliveries/${closed}/resend`, { token: writer });
    expect(resentClosed.statusCode, resentClosed.body).toBe(202);
    const resent = await request(t.app, 'POST', `${base}/deliveries/${withResponse}/resend`, { token: reader });
    expect(resent.statusCode, resent.body).toBe(202);

    expectError(
      await request(t.app, 'GET', `${base}/deliveries`, { token: writer }),
      403,
      'API_KEY_SCOPE_MISSING',
      MISSING,
    );
    const listed = await request(t.app, 'GET', `${base}/deliveries`, { token: reader });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<DeliveryList>().deliveries.map((d) => d.id)).toEqual(
      expect.arrayContaining([withResponse, closed]),
    );
    const bySession = await request(t.app, 'GET', `${base}/deliveries`, { token: owner.token });
    expect(bySession.statusCode, bySession.body).toBe(200);
  });
});

describe(`webhooks: the URL must reach the internet (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: false });

  it.each([
    'http://127.0.0.1/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/hooks',
    'http://[::1]:8080/hooks',
    'http://[::ffff:127.0.0.1]/hooks',
    'http://localhost:3000/hooks',
    'http://user:pass@93.184.215.14/hooks',
  ])('refuses %s with 400 WEBHOOK_URL_NOT_ALLOWED, on create and on update', async (url) => {
    const { owner, survey } = await ownerWithSurvey(t);
    expectError(
      await request(t.app, 'POST', hooks(survey.id), { token: owner.token, body: { url, events: ['survey.closed'] } }),
      400,
      'WEBHOOK_URL_NOT_ALLOWED',
      { message: 'The webhook URL must point to a public address on the internet' },
    );
    const ok = await request(t.app, 'POST', hooks(survey.id), {
      token: owner.token,
      body: { url: 'https://93.184.215.14/hooks', events: ['survey.closed'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const { id } = ok.json<Webhook>();
    expectError(
      await request(t.app, 'PATCH', `${hooks(survey.id)}/${id}`, { token: owner.token, body: { url } }),
      400,
      'WEBHOOK_URL_NOT_ALLOWED',
    );
    const row = await t.ctx.db.kysely
      .selectFrom('webhooks')
      .select('url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.url).toBe('https://93.184.215.14/hooks');
  });
});
