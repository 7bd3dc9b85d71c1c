import { createServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '@quorum/contract';
import { createSurvey, createUser, question, type CreatedSurvey } from '@quorum/test-support/factories';
import { freePort, listen } from '@quorum/test-support/ports';
import { partsOf, startSmtpCapture, type CapturedMail, type SmtpCapture } from '@quorum/test-support/smtp';
import { newId } from '../src/lib/ids';
import { closeSurveysDue } from '../src/modules/surveys/survey-closer';
import { digestTimeOn, writeDueDigests } from '../src/modules/notifications/digest';
import { enqueueMail } from '../src/modules/notifications/mail-outbox.repository';
import { MAIL_MAX_ATTEMPTS } from '../src/modules/notifications/mail-worker';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token';
import {
  TEST_DIALECT,
  createTestApp,
  createTestDatabase,
  manualClock,
  request,
  type TestApp,
  type TestDatabase,
} from './helpers';
import { expectError } from './support/expect-error';

const PUBLIC_URL = 'https://surveys.example.test';

const questions = (): Question[] => [
  question.text('What did you like <most>?'),
  question.rating('How was it overall?'),
];

const submit = (t: TestApp, s: CreatedSurvey, liked: string, rating = 4) =>
  request(t.app, 'POST', `/api/surveys/${s.id}/responses`, {
    body: {
      answers: [
        { questionId: s.questions[0]!.id, answer: liked },
        { questionId: s.questions[1]!.id, answer: rating },
      ],
    },
  });

const outboxOf = (t: TestApp, userId: string) =>
  t.ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

const notifyOf = async (t: TestApp, surveyId: string) =>
  (
    await t.ctx.db.kysely
      .selectFrom('surveys')
      .select('notify_on_response')
      .where('id', '=', surveyId)
      .executeTakeFirstOrThrow()
  ).notify_on_response;

/** A header of a captured mail, its folded lines joined. */
function headerOf(mail: CapturedMail, name: string): string | undefined {
  const headers = partsOf(mail.raw).headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil<T>(find: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}

describe(`notification mail (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, outboxPollMs: 50, submitRateLimit: 10_000 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => t.checkErrorBodies());

  it("mails the owner about each response on 'each', with the question texts, answers and an unsubscribe link", async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Fest <feedback>',
      questions: questions(),
      settings: { notifications: { onResponse: 'each' } },
    });
    expect((await submit(t, s, 'The <b>music</b>', 5)).statusCode).toBe(201);
    expect((await submit(t, s, 'The food', 3)).statusCode).toBe(201);

    const first = await smtp.waitFor(owner.email, 1);
    await smtp.waitFor(owner.email, 2);
    const { text, html } = partsOf(first.raw);
    expect(headerOf(first, 'Subject')).toContain('New response: Fest <feedback>');
    expect(text).toContain('What did you like <most>?');
    expect(text).toContain('How was it overall?');
    expect(text).toMatch(/The <b>music<\/b>|The food/);
    expect(text).toContain(`${PUBLIC_URL}/surveys/${s.id}/results`);
    expect(text).toMatch(new RegExp(`${PUBLIC_URL}/notifications/unsubscribe\\?token=[A-Za-z0-9_.-]+`));
    // Everything the author or respondent wrote is escaped in the HTML part.
    expect(html).not.toContain('<most>');
    expect(html).not.toContain('<b>music');
    expect(html).toContain('What did you like &lt;most&gt;?');
    expect(headerOf(first, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`),
    );
    expect(headerOf(first, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const rows = await waitUntil(async () => {
      const all = await outboxOf(t, owner.id);
      return all.every((row) => row.status === 'delivered') ? all : undefined;
    });
    expect(rows.map((row) => row.kind)).toEqual(['response', 'response']);
  });

  it("writes no outbox row and sends nothing on 'off'", async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: questions() });
    expect((await submit(t, s, 'Nothing much')).statusCode).toBe(201);
    await sleep(300);
    expect(await outboxOf(t, owner.id)).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toEqual([]);
  });

  it('mails the owner when the response limit closes the survey', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Limited',
      questions: questions(),
      settings: { responseLimit: 2 },
    });
    await submit(t, s, 'One');
    await sleep(200);
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toEqual([]);
    await submit(t, s, 'Two');
    const mail = await smtp.waitFor(owner.email);
    const { text } = partsOf(mail.raw);
    expect(headerOf(mail, 'Subject')).toBe('Survey closed: Limited');
    expect(text).toContain('it reached its response limit of 2');
    expect(text).toContain('It collected 2 responses');
    // Closing mail is not a subscription: no unsubscribe header.
    expect(headerOf(mail, 'List-Unsubscribe')).toBeUndefined();
  });

  it('mails the owner when the closing time closes the survey, and not when the owner closes it', async () => {
    const owner = await createUser(t.ctx);
    const past = new Date(Date.now() - 60_000).toISOString();
    const byTime = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Timed',
      questions: questions(),
      settings: { closesAt: past },
    });
    const byHand = await createSurvey(t.ctx, owner.id, { state: 'active', title: 'By hand', questions: questions() });
    const closed = await request(t.app, 'PATCH', `/api/surveys/${byHand.id}/state`, {
      token: owner.token,
      body: { state: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    await closeSurveysDue(t.ctx);

    const mail = await smtp.waitFor(owner.email);
    expect(headerOf(mail, 'Subject')).toBe('Survey closed: Timed');
    expect(partsOf(mail.raw).text).toContain('its closing time was reached');
    await sleep(300);
    const rows = await outboxOf(t, owner.id);
    expect(rows.map((row) => JSON.parse(row.payload).surveyId)).toEqual([byTime.id]);
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  });

  it('sends nothing about a response deleted before its mail left, and drops mail to an account that is gone', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      questions: questions(),
      settings: { notifications: { onResponse: 'each' } },
    });
    const now = new Date().toISOString();
    await enqueueMail(
      t.ctx.db.kysely,
      owner.id,
      { kind: 'response', payload: { surveyId: s.id, responseId: newId() } },
      now,
    );
    const goneUser = newId();
    await enqueueMail(
      t.ctx.db.kysely,
      goneUser,
      { kind: 'survey-closed', payload: { surveyId: s.id, reason: 'limit' } },
      now,
    );
    t.ctx.outbox.nudge();
    const [row] = await waitUntil(async () => {
      const rows = await outboxOf(t, owner.id);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(row!.last_error).toBe('not sent: response deleted');
    await waitUntil(async () => ((await outboxOf(t, goneUser)).length === 0 ? true : undefined));
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toEqual([]);
  });

  it("tells the owner a webhook was turned off, with a link to the survey's integrations", async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', title: 'Hooked', questions: questions() });
    const url = 'https://hooks.example.test/in?x=<1>';
    await enqueueMail(
      t.ctx.db.kysely,
      owner.id,
      { kind: 'webhook-disabled', payload: { surveyId: s.id, webhookId: newId(), url } },
      new Date().toISOString(),
    );
    t.ctx.outbox.nudge();
    const mail = await smtp.waitFor(owner.email);
    const { text, html } = partsOf(mail.raw);
    expect(headerOf(mail, 'Subject')).toBe('Webhook turned off: Hooked');
    expect(text).toContain(`sends to ${url} was turned off after repeated failed deliveries`);
    expect(text).toContain(`${PUBLIC_URL}/surveys/${s.id}/results?view=integrations`);
    expect(html).toContain('x=&lt;1&gt;');
  });

  it('refuses to send a mail whose extra header is unknown or would split a header', async () => {
    const base = { to: 'someone@example.test', subject: 'Hi', text: 'x', html: '<p>x</p>' };
    await expect(
      t.ctx.mailer.send({ ...base, headers: { 'List-Unsubscribe': '<https://a.test/>\r\nBcc: x@example.test' } }),
    ).rejects.toThrow(/control character in a header/);
    await expect(
      t.ctx.mailer.send({
        ...base,
        headers: { Bcc: 'x@example.test' } as unknown as Record<'List-Unsubscribe', string>,
      }),
    ).rejects.toThrow(/unknown header/);
  });

  it('unsubscribes by the JSON route and by the one-click form, without signing in, and records it', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      title: 'Unsubscribe me',
      questions: questions(),
      settings: { notifications: { onResponse: 'each' } },
    });
    await submit(t, s, 'Something');
    const mail = await smtp.waitFor(owner.email);
    const pageLink = new RegExp(`${PUBLIC_URL}/notifications/unsubscribe\\?token=([A-Za-z0-9_.-]+)`).exec(
      partsOf(mail.raw).text,
    )![1]!;
    const oneClick = headerOf(mail, 'List-Unsubscribe')!.slice(1, -1).replace(PUBLIC_URL, '');

    // Opening the page (a mail scanner prefetching it) changes nothing; there is no GET of the API either.
    await request(t.app, 'GET', `/notifications/unsubscribe?token=${pageLink}`);
    expect((await request(t.app, 'GET', oneClick)).statusCode).toBe(404);
    expect(await notifyOf(t, s.id)).toBe('each');

    const json = await request(t.app, 'POST', '/api/notifications/unsubscribe', { body: { token: pageLink } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ surveyTitle: 'Unsubscribe me', notifications: { onResponse: 'off' } });
    expect(await notifyOf(t, s.id)).toBe('off');

    await t.ctx.db.kysely.updateTable('surveys').set({ notify_on_response: 'daily' }).where('id', '=', s.id).execute();
    const form = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(form.statusCode).toBe(200);
    expect(await notifyOf(t, s.id)).toBe('off');

    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['type', 'actor_id'])
      .where('target_id', '=', s.id)
      .where('type', '=', 'notifications.unsubscribed')
      .execute();
    expect(audit).toEqual([
      { type: 'notifications.unsubscribed', actor_id: null },
      { type: 'notifications.unsubscribed', actor_id: null },
    ]);

    // With notifications off, further responses write no mail.
    await submit(t, s, 'More');
    await sleep(200);
    expect(await outboxOf(t, owner.id)).toHaveLength(1);
  });

  it('refuses a forged, damaged or missing token, a token in both places, and a deleted survey', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { settings: { notifications: { onResponse: 'each' } } });
    const real = createUnsubscribeTokens(t.config.jwtSecret).make(s.id);
    const other = createUnsubscribeTokens('another-secret-another-secret-another-secret').make(s.id);
    const post = (url: string, body: unknown) => request(t.app, 'POST', url, { body });
    for (const token of [other, `${real}x`, real.split('.')[0]!, `${real}.extra`, 'not a token']) {
      expectError(await post('/api/notifications/unsubscribe', { token }), 400, 'UNSUBSCRIBE_LINK_INVALID');
    }
    expectError(
      await post(`/api/notifications/unsubscribe?token=${real}`, { token: real }),
      400,
      'UNSUBSCRIBE_LINK_INVALID',
    );
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expectError(noToken, 400, 'UNSUBSCRIBE_LINK_INVALID');
    expect(await notifyOf(t, s.id)).toBe('each');

    const deleted = await createSurvey(t.ctx, owner.id, {
      state: 'deleted',
      settings: { notifications: { onResponse: 'each' } },
    });
    const token = createUnsubscribeTokens(t.config.jwtSecret).make(deleted.id);
    expectError(await post('/api/notifications/unsubscribe', { token }), 400, 'UNSUBSCRIBE_LINK_INVALID');
    expect(await notifyOf(t, deleted.id)).toBe('each');
  });
});

describe(`mail retries (${TEST_DIALECT})`, () => {
  it('retries while SMTP is down and sends once it is back', async () => {
    const port = await freePort();
    const t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      publicUrl: PUBLIC_URL,
      outboxPollMs: 50,
      mailRetryBaseMs: 150,
    });
    let smtp: SmtpCapture | undefined;
    try {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, {
        state: 'active',
        questions: questions(),
        settings: { notifications: { onResponse: 'each' } },
      });
      expect((await submit(t, s, 'Despite the outage')).statusCode).toBe(201);
      const [failed] = await waitUntil(async () => {
        const rows = await outboxOf(t, owner.id);
        return rows[0] && rows[0].attempt_count >= 1 ? rows : undefined;
      });
      expect(failed!.status).toBe('pending');
      expect(failed!.last_error).toBeTruthy();

      smtp = await startSmtpCapture({ port });
      const mail = await smtp.waitFor(owner.email, 1, 15_000);
      expect(partsOf(mail.raw).text).toContain('Despite the outage');
      const [sent] = await waitUntil(async () => {
        const rows = await outboxOf(t, owner.id);
        return rows[0]?.status === 'delivered' ? rows : undefined;
      });
      expect(sent!.attempt_count).toBeGreaterThanOrEqual(1);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await t.close();
      await smtp?.close();
    }
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts and keeps the last error`, async () => {
    const port = await freePort();
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxPollMs: 20, mailRetryBaseMs: 5 });
    try {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions: questions() });
      await enqueueMail(
        t.ctx.db.kysely,
        owner.id,
        { kind: 'survey-closed', payload: { surveyId: s.id, reason: 'schedule' } },
        new Date().toISOString(),
      );
      t.ctx.outbox.nudge();
      const [row] = await waitUntil(async () => {
        const rows = await outboxOf(t, owner.id);
        return rows[0]?.status === 'failed' ? rows : undefined;
      }, 20_000);
      expect(row!.attempt_count).toBe(MAIL_MAX_ATTEMPTS);
      expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row!.next_attempt_at).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('answers a submission without waiting for a mail server that stalls', async () => {
    // An SMTP server that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const stall = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    const port = await listen(stall);
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxPollMs: 20 });
    try {
      const owner = await createUser(t.ctx);
      const s = await createSurvey(t.ctx, owner.id, {
        state: 'active',
        questions: questions(),
        settings: { notifications: { onResponse: 'each' } },
      });
      // Warm up: one response whose mail is now stuck talking to the silent server.
      await submit(t, s, 'First');
      await waitUntil(async () => (sockets.size > 0 ? true : undefined));

      const started = Date.now();
      const res = await submit(t, s, 'Second');
      const took = Date.now() - started;
      expect(res.statusCode).toBe(201);
      expect(took).toBeLessThan(1_000);
      // The answer came before any mail: both are still waiting in the outbox.
      const rows = await outboxOf(t, owner.id);
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.status === 'pending' && row.sent_at === null)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stall.close(() => resolve()));
      await t.close();
    }
  });
});

describe(`daily digest (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  // 09:00 in New York is 13:00 UTC in May.
  const clock = manualClock('2026-05-04T12:00:00.000Z');
  const digest = { hour: 9, timeZone: 'America/New_York' };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    database = await createTestDatabase();
    const config = { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, outboxPollMs: 50, digest };
    a = await createTestApp(config, { database: database.database, clock });
    b = await createTestApp(config, { database: database.database, clock });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    await smtp?.close();
  });

  it('finds the digest time in the configured time zone', () => {
    expect(digestTimeOn(new Date('2026-05-04T02:00:00Z'), 9, 'America/New_York').toISOString()).toBe(
      '2026-05-03T13:00:00.000Z',
    );
    expect(digestTimeOn(new Date('2026-01-15T20:00:00Z'), 9, 'Europe/Berlin').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(digestTimeOn(new Date('2026-03-08T15:00:00Z'), 9, 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('sends one digest at the hour with the counts, from one of two instances, and none when nothing is new', async () => {
    const owner = await createUser(a.ctx);
    const s = await createSurvey(a.ctx, owner.id, {
      state: 'active',
      title: 'Daily',
      questions: questions(),
      settings: { notifications: { onResponse: 'daily' } },
    });
    const quiet = await createSurvey(a.ctx, owner.id, {
      state: 'active',
      title: 'Quiet',
      questions: questions(),
      settings: { notifications: { onResponse: 'daily' } },
    });
    await submit(a, s, 'Early bird', 5);
    clock.advanceMinutes(10);
    await submit(b, s, 'Second one', 2);
    // 'daily' writes nothing per response.
    expect(await outboxOf(a, owner.id)).toEqual([]);

    // Before the hour: nothing.
    expect(await writeDueDigests(a.ctx)).toEqual({ digests: 0 });
    clock.advanceMinutes(50); // 13:00 UTC: the hour, but within the minute's grace for responses still committing
    expect(await writeDueDigests(a.ctx)).toEqual({ digests: 0 });
    clock.advanceMinutes(5); // 13:05 UTC
    // Both instances at once (on SQLite, both instances share this process and one writer: one after the other).
    const both =
      TEST_DIALECT === 'postgres'
        ? await Promise.all([writeDueDigests(a.ctx), writeDueDigests(b.ctx)])
        : [await writeDueDigests(a.ctx), await writeDueDigests(b.ctx)];
    expect(both[0]!.digests + both[1]!.digests).toBe(1);

    const mail = await smtp.waitFor(owner.email);
    const { text } = partsOf(mail.raw);
    expect(headerOf(mail, 'Subject')).toBe('2 new responses: Daily');
    expect(text).toContain('2 new responses since the last digest, 2 in total');
    expect(text).toContain('Early bird');
    expect(text).toContain('Second one');
    expect(text).toContain('What did you like <most>?');
    expect(headerOf(mail, 'List-Unsubscribe')).toContain('/api/notifications/unsubscribe?token=');
    // The quiet survey's digest time moved on without a mail.
    const quietRow = await a.ctx.db.kysely
      .selectFrom('surveys')
      .select('digest_sent_at')
      .where('id', '=', quiet.id)
      .executeTakeFirstOrThrow();
    // It ends at today's digest time (13:00), where the next digest starts.
    expect(quietRow.digest_sent_at).toBe(new Date(clock.now().getTime() - 5 * 60_000).toISOString());

    // Later the same day: already sent.
    clock.advanceMinutes(120);
    expect(await writeDueDigests(a.ctx)).toEqual({ digests: 0 });

    // The next day with nothing new: no mail.
    clock.advanceMinutes(24 * 60);
    expect(await writeDueDigests(b.ctx)).toEqual({ digests: 0 });

    // A response, then the day after: one new, three in total.
    clock.advanceMinutes(1);
    await submit(a, s, 'Third');
    clock.advanceMinutes(24 * 60);
    expect(await writeDueDigests(a.ctx)).toEqual({ digests: 1 });
    const next = await smtp.waitFor(owner.email, 2);
    expect(headerOf(next, 'Subject')).toBe('1 new response: Daily');
    expect(partsOf(next.raw).text).toContain('1 new response since the last digest, 3 in total');
    await sleep(200);
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(2);
  });
});
