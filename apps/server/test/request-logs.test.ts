import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurvey, uniqueEmail } from '@quorum/test-support/factories';
import {
  partsOf,
  startSmtpCapture,
  verificationTokenFrom,
  type CapturedMail,
  type SmtpCapture,
} from '@quorum/test-support/smtp';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';

const PUBLIC_URL = 'https://surveys.example.test';
const PASSWORD = 'Velvet-Otter-Pass91!';
const NEW_PASSWORD = 'Copper-Heron-Pass37!';
const ANSWER = 'Marmalade-Lighthouse-Answer-5521';

type LogLine = Record<string, unknown> & { msg?: string; level?: number; requestId?: string };

/** An app whose JSON log lines, at every level, are kept in `lines`. */
async function loggedApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const raw: string[] = [];
  const t = await createTestApp(
    { logLevel: 'trace', registerRateLimit: 1000, loginRateLimit: 1000, passwordResetRateLimit: 1000, ...overrides },
    { logStream: { write: (line: string) => void raw.push(line) } },
  );
  return {
    t,
    raw,
    lines: () => raw.map((line) => JSON.parse(line) as LogLine),
  };
}

function resetTokenFrom(mail: CapturedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(partsOf(mail.raw).text);
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1]!;
}

describe(`request logs (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let logged: Awaited<ReturnType<typeof loggedApp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    logged = await loggedApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
    t = logged.t;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('writes one JSON line per request with its id, method, route pattern, status and duration', async () => {
    const res = await request(t.app, 'GET', '/api/health');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = logged.lines().filter((line) => line.requestId === requestId);
    expect(mine.map((line) => line.msg)).toEqual(['request received', 'request completed']);
    // One line at info: the received line is debug only.
    expect(mine.filter((line) => (line.level ?? 0) >= 30)).toHaveLength(1);
    expect(mine[1]).toMatchObject({
      level: 30,
      requestId,
      method: 'GET',
      route: '/api/health',
      url: '/api/health',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(logged.lines().some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('never logs passwords, session tokens, verification or reset tokens, or answers', async () => {
    // Registration, and the verification link's token in both of its URLs (the web page and the API).
    const email = uniqueEmail('logs');
    const registered = await request(t.app, 'POST', '/api/user/auth/register', {
      body: { name: 'Log Reader', email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const verificationToken = verificationTokenFrom(await smtp.waitFor(email), PUBLIC_URL);
    await request(t.app, 'GET', `/verify/${verificationToken}`);
    expect((await request(t.app, 'GET', `/api/user/auth/verify-email/${verificationToken}`)).statusCode).toBe(200);

    // Login; the session token in a header.
    const login = await request(t.app, 'POST', '/api/user/auth/login', { body: { email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const { token: session, user } = login.json<{ token: string; user: { id: string } }>();
    expect((await request(t.app, 'GET', '/api/user/auth/verify-user-token', { token: session })).statusCode).toBe(200);

    // A password reset: its token in the page's URL, then in a body with the new password.
    smtp.mails.length = 0;
    await request(t.app, 'POST', '/api/user/auth/forgot-password', { body: { email } });
    const resetToken = resetTokenFrom(await smtp.waitFor(email));
    await request(t.app, 'GET', `/reset-password?token=${resetToken}`);
    const reset = await request(t.app, 'POST', '/api/user/auth/reset-password', {
      body: { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // A wrong password too: refusals are logged as well.
    await request(t.app, 'POST', '/api/user/auth/login', { body: { email, password: `${PASSWORD}x` } });

    // A response with a distinctive answer, and a refused one carrying it where a number belongs.
    const survey = await createSurvey(t.ctx, user.id, { state: 'active' });
    const [choice, checkbox, text, rating] = survey.questions;
    const answers = (textAnswer: unknown, ratingAnswer: unknown) => [
      { questionId: choice!.id, answer: 'Saturday' },
      { questionId: checkbox!.id, answer: ['Food'] },
      { questionId: text!.id, answer: textAnswer },
      { questionId: rating!.id, answer: ratingAnswer },
    ];
    const url = `/api/surveys/${survey.id}/responses`;
    expect((await request(t.app, 'POST', url, { body: { answers: answers(ANSWER, 4) } })).statusCode).toBe(201);
    expect((await request(t.app, 'POST', url, { body: { answers: answers('Fine', ANSWER) } })).statusCode).toBe(400);
    expect(
      (
        await request(t.app, 'POST', url, {
          body: `{"answers": "${ANSWER}`,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);

    const log = logged.raw.join('');
    expect(log).toContain('request completed');
    for (const [what, secret] of Object.entries({
      PASSWORD,
      NEW_PASSWORD,
      ANSWER,
      session,
      verificationToken,
      resetToken,
    })) {
      expect(log.includes(secret), `${what} appears in the log`).toBe(false);
    }
    // The URLs are still there, with the secrets replaced.
    const urls = logged.lines().map((line) => line.url);
    expect(urls).toContain('/verify/[redacted]');
    expect(urls).toContain('/api/user/auth/verify-email/[redacted]');
    expect(urls).toContain('/reset-password?token=[redacted]');
  });
});

describe(`request ids (${TEST_DIALECT})`, () => {
  it('returns the request id in x-request-id on every answer, and in the body of a 5xx', async () => {
    const logged = await loggedApp();
    const { t } = logged;
    t.app.get('/api/test-failure', async () => {
      throw new Error('something broke');
    });
    try {
      const failed = await request(t.app, 'GET', '/api/test-failure');
      expect(failed.statusCode).toBe(500);
      const requestId = failed.headers['x-request-id'];
      expect(typeof requestId).toBe('string');
      expect(failed.json()).toMatchObject({ code: 'INTERNAL', requestId });
      const lines = logged.lines().filter((line) => line.requestId === requestId);
      expect(lines.map((line) => line.msg)).toEqual(['request received', 'request failed', 'request completed']);
      expect(lines.at(-1)).toMatchObject({ route: '/api/test-failure', status: 500 });

      for (const [url, status] of [
        ['/api/no/such/route', 404],
        ['/api/surveys/%E0%A4%A', 400],
        ['/api/%00', 400],
      ] as const) {
        const res = await request(t.app, 'GET', url);
        expect(res.statusCode, url).toBe(status);
        expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      }
      const malformed = await request(t.app, 'POST', '/api/user/auth/login', {
        body: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const unmatched = logged.lines().find((line) => line.msg === 'request completed' && line.status === 404);
      expect(unmatched).toMatchObject({ route: 'unmatched', url: '/api/no/such/route' });
    } finally {
      await t.close();
    }
  });
});
