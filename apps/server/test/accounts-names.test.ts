import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@quorum/contract';
import { partsOf, startSmtpCapture, type SmtpCapture } from '@quorum/test-support/smtp';
import { DEFAULT_PASSWORD, createAdmin, createUser, findAccount, uniqueEmail } from '@quorum/test-support/factories';
import { TEST_DIALECT, createTestApp, request, type TestApp } from './helpers';
import { expectError } from './support/expect-error';
import { logMailer } from './support/log-mailer';

const PUBLIC_URL = 'https://surveys.example.test';

/** Names that carry a character the name rule refuses, each somewhere inside the name (trimming keeps it). */
const HOSTILE_NAMES: Array<[string, string]> = [
  ['a line feed', 'Mallory\nVisit https://evil.example/verify/abc'],
  ['a carriage return', 'Mallory\rBcc: victim@example.com'],
  ['a tab', 'Mallory\tTab'],
  // A NUL is refused before any name rule, like in every body (nul-characters.test.ts).
  ['an escape', 'Mallory\u001b[31mRed'],
  ['a next-line (C1)', 'Mallory\u0085Next'],
  ['a delete', 'Mallory\u007fDel'],
  ['a line separator', 'Mallory\u2028Line'],
  ['a paragraph separator', 'Mallory\u2029Paragraph'],
  ['a right-to-left override', 'Mallory\u202Egnp.exe'],
  ['a left-to-right embedding', 'Mallory\u202AEmbedded'],
  ['a first-strong isolate', 'Mallory\u2068Isolated\u2069'],
];

const refused = {
  message: MESSAGES.nameControlCharacters,
  params: { location: 'body', field: 'name', issue: 'custom', rule: 'nameControlCharacters' },
};

/** Where users and administrators change their name, and how to make and read back such an account. */
const PROFILES = [
  { who: 'a user', url: '/api/user/auth/update-profile', create: createUser, table: 'users' },
  { who: 'an administrator', url: '/api/admin/auth/update-profile', create: createAdmin, table: 'admins' },
] as const;

describe(`account names: no control characters (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ registerRateLimit: 10_000, loginRateLimit: 10_000 });
  });
  afterAll(async () => t?.close());

  const registration = (name: string) => ({
    name,
    email: uniqueEmail('named'),
    password: DEFAULT_PASSWORD,
    confirmPassword: DEFAULT_PASSWORD,
    recaptchaToken: '',
  });

  it.each(HOSTILE_NAMES)('refuses a registration whose name holds %s, creating nothing', async (_case, name) => {
    const body = registration(name);
    const res = await request(t.app, 'POST', '/api/user/auth/register', { body });
    expectError(res, 400, 'VALIDATION_FAILED', refused);
    expect(await findAccount(t.ctx, 'users', { email: body.email })).toBeUndefined();
  });

  describe.each(PROFILES)('the profile of $who', ({ url, create, table }) => {
    it.each(HOSTILE_NAMES)('refuses a name holding %s and keeps the name', async (_case, name) => {
      const account = await create(t.ctx, { name: 'Kept Name' });
      const res = await request(t.app, 'PUT', url, { token: account.token, body: { name, recaptchaToken: '' } });
      expectError(res, 400, 'VALIDATION_FAILED', refused);
      expect((await findAccount(t.ctx, table, { id: account.id }))?.name).toBe('Kept Name');
    });
  });

  it.each([
    ['accents and an apostrophe', "Zoë O'Brien-Núñez"],
    ['another script', '山田 太郎'],
    ['an emoji sequence (zero-width joiners are letters of it)', 'Family 👩‍👩‍👧'],
    ['right-to-left text', 'مريم'],
  ])('accepts names with %s', async (_case, name) => {
    const res = await request(t.app, 'POST', '/api/user/auth/register', { body: registration(name) });
    expect(res.statusCode).toBe(201);
  });

  it('trims surrounding line breaks, which are not inside the name', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'PUT', '/api/user/auth/update-profile', {
      token: user.token,
      body: { name: '\n  Trimmed Name \r\n', recaptchaToken: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Trimmed Name');
  });
});

describe(`account names in the verification mail (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      mailFrom: 'Quorum <hello@quorum.test>',
      registerRateLimit: 10_000,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function mailFor(name: string) {
    const email = uniqueEmail('mailed');
    const res = await request(t.app, 'POST', '/api/user/auth/register', {
      body: { name, email, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD, recaptchaToken: '' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    return { email, ...partsOf(mail.raw) };
  }

  /** Every web address a mail program could find in the text (scheme links and bare domains). */
  const linksIn = (text: string) => text.match(/(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[\w-]+\.)+[a-z]{2,}(?:\/\S*)?/gi) ?? [];

  it.each([
    ['a web address', 'Visit https://evil.example/verify/abc now'],
    ['a bare domain', 'Support at evil.example'],
    ['an email address', 'mallory@evil.example'],
    ['a path', 'evil.example/verify/abc'],
  ])('leaves a name holding %s out of the mail, whose only link is ours', async (_case, name) => {
    const { text, html, headers } = await mailFor(name);
    expect(text).not.toContain('evil');
    expect(html).not.toContain('evil');
    expect(text).toMatch(/^Hello,$/m);
    expect(linksIn(text).every((link) => link.startsWith(`${PUBLIC_URL}/verify/`))).toBe(true);
    expect(headers).not.toContain('evil');
  });

  it('greets a plain name, and keeps it out of every header: To is the bare address', async () => {
    const name = "Dr. Ana O'Neil-Smith Jr.";
    const { email, text, html, headers } = await mailFor(name);
    expect(text).toMatch(/^Hello Dr\. Ana O'Neil-Smith Jr\.,$/m);
    expect(html).toContain('Hello Dr. Ana O&#39;Neil-Smith Jr.,');
    expect(headers).toMatch(new RegExp(`^To: <?${email.replace(/[.]/g, '\\.')}>?$`, 'm'));
    expect(headers).toMatch(/^Subject: Verify your email for Quorum$/m);
    expect(headers).not.toContain('Ana');
    expect(headers).not.toContain('Neil');
  });

  it('refuses to send a message whose subject or recipient could add a header', async () => {
    const { mailer, lines: sent } = logMailer();
    const message = { to: 'someone@example.com', subject: 'Fine', text: 'body', html: '<p>body</p>' };
    await expect(mailer.send({ ...message, subject: 'Hi\r\nBcc: victim@example.com' })).rejects.toThrow(/refused/);
    await expect(mailer.send({ ...message, to: 'someone@example.com, victim@example.com' })).rejects.toThrow(/refused/);
    await expect(mailer.send({ ...message, to: 'Mallory <someone@example.com>' })).rejects.toThrow(/refused/);
    await mailer.send(message);
    await mailer.close();
    expect(sent).toHaveLength(1);
  });
});
