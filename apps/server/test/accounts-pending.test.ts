import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@quorum/contract';
import { partsOf, startSmtpCapture, verificationTokenFrom, type SmtpCapture } from '@quorum/test-support/smtp';
import { createUser, uniqueEmail } from '@quorum/test-support/factories';
import { sweepUnverifiedAccounts } from '../src/modules/users/account-sweep';
import { TEST_DIALECT, createTestApp, createTestDatabase, request, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const PUBLIC_URL = 'https://surveys.example.test';
const SQUATTER_PASSWORD = 'Squatter-Pass1!';
const OWNER_PASSWORD = 'Owner-Passw0rd!';
const DAY = 24 * 3600_000;

const registration = (email: string, name: string, password: string) => ({
  name,
  email,
  password,
  confirmPassword: password,
  recaptchaToken: '',
});

describe(`accounts: registering an email whose account is not verified (${TEST_DIALECT})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let now = new Date('2026-06-01T09:00:00Z');
  const clock = { now: () => now };
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(
      { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, registerRateLimit: 10_000, loginRateLimit: 10_000 },
      { clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const register = (email: string, name: string, password: string) =>
    request(t.app, 'POST', '/api/user/auth/register', { body: registration(email, name, password) });
  const verify = (token: string) => request(t.app, 'GET', `/api/user/auth/verify-email/${token}`);
  const login = (email: string, password: string) =>
    request(t.app, 'POST', '/api/user/auth/login', { body: { email, password, recaptchaToken: '' } });
  const tokenOf = async (email: string, count: number) =>
    verificationTokenFrom(await smtp.waitFor(email, count), PUBLIC_URL);
  const accounts = (email: string) =>
    t.ctx.db.kysely.selectFrom('users').selectAll().where('email', '=', email).execute();
  const links = (userId: string) =>
    t.ctx.db.kysely.selectFrom('email_verifications').selectAll().where('user_id', '=', userId).execute();

  it('answers a squatter-held email like a fresh registration, and the owner who opens their link gets the account', async () => {
    const email = uniqueEmail('squatted');
    // Someone registers an address they cannot read mail at…
    const squat = await register(email, 'Squatter', SQUATTER_PASSWORD);
    expect(squat.statusCode).toBe(201);
    const squatterToken = await tokenOf(email, 1);

    // …and the owner registers it anyway: the same answer as any registration, and a new link by mail.
    advance(60_000);
    const owner = await register(email.toUpperCase(), 'Olivia Owner', OWNER_PASSWORD);
    expect(owner.statusCode).toBe(201);
    expect(owner.json()).toEqual(squat.json());
    expect(owner.json()).toEqual({ message: MESSAGES.registered });
    const ownerMail = await smtp.waitFor(email, 2);
    expect(partsOf(ownerMail.raw).text).toMatch(/^Hello Olivia Owner,$/m);
    const ownerToken = verificationTokenFrom(ownerMail, PUBLIC_URL);
    expect(ownerToken).not.toBe(squatterToken);

    // Still one account; it changes only when a link is opened.
    const [account] = await accounts(email);
    expect(await accounts(email)).toHaveLength(1);
    expect(account).toMatchObject({ name: 'Squatter', email_verified_at: null });
    expect(await links(account!.id)).toHaveLength(2);
    expect((await login(email, OWNER_PASSWORD)).statusCode).toBe(401);

    expect((await verify(ownerToken)).json()).toEqual({ message: MESSAGES.verified });
    const signedIn = await login(email, OWNER_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toEqual({ id: account!.id, name: 'Olivia Owner', email, type: 'user' });
    expect((await login(email, SQUATTER_PASSWORD)).statusCode).toBe(401);

    // The squatter's link can change nothing any more, and the verified email is taken.
    const late = await verify(squatterToken);
    expectError(late, 400, 'VERIFICATION_LINK_INVALID', { message: MESSAGES.verificationInvalid });
    expect((await verify(ownerToken)).json()).toEqual({ message: MESSAGES.alreadyVerified, alreadyVerified: true });
    const again = await register(email, 'Squatter', SQUATTER_PASSWORD);
    expectError(again, 409, 'EMAIL_TAKEN', { message: MESSAGES.emailTaken });
    expect((await login(email, OWNER_PASSWORD)).json().user.name).toBe('Olivia Owner');

    // The used link keeps no password hash; the other links are gone.
    const left = await links(account!.id);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ used_at: now.toISOString(), pending_password_hash: null });
  });

  it('takes the registration whose link is opened first, even an older one; the newer link then changes nothing', async () => {
    const email = uniqueEmail('first-opened');
    await register(email, 'First Choice', SQUATTER_PASSWORD);
    const first = await tokenOf(email, 1);
    advance(60_000);
    await register(email, 'Second Choice', OWNER_PASSWORD);
    const second = await tokenOf(email, 2);

    expect((await verify(first)).json()).toEqual({ message: MESSAGES.verified });
    expect((await verify(second)).statusCode).toBe(400);
    const signedIn = await login(email, SQUATTER_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.name).toBe('First Choice');
    expect((await login(email, OWNER_PASSWORD)).statusCode).toBe(401);
  });

  it('renews only the newest registration’s link on resend; another registration’s link keeps working', async () => {
    const email = uniqueEmail('resent');
    await register(email, 'Owner Early', OWNER_PASSWORD);
    const ownerToken = await tokenOf(email, 1);
    advance(60_000);
    await register(email, 'Later Person', SQUATTER_PASSWORD);
    const laterToken = await tokenOf(email, 2);

    advance(60_000);
    const resend = await request(t.app, 'POST', '/api/user/auth/resend-verification', {
      body: { email, recaptchaToken: '' },
    });
    expect(resend.json()).toEqual({ message: MESSAGES.resendGeneric });
    const renewedMail = await smtp.waitFor(email, 3);
    expect(partsOf(renewedMail.raw).text).toMatch(/^Hello Later Person,$/m);
    const renewed = verificationTokenFrom(renewedMail, PUBLIC_URL);
    expect((await verify(laterToken)).statusCode).toBe(400);

    // Asking for a new link (anyone can) did not take the owner's link away.
    expect((await verify(ownerToken)).json()).toEqual({ message: MESSAGES.verified });
    expect((await login(email, OWNER_PASSWORD)).json().user.name).toBe('Owner Early');
    expect((await verify(renewed)).statusCode).toBe(400);
  });

  it('creates one account for simultaneous registrations of a new email, each with its own working link', async () => {
    const email = uniqueEmail('race');
    const names = ['Racer One', 'Racer Two', 'Racer Three', 'Racer Four'];
    const results = await Promise.all(names.map((name) => register(email, name, OWNER_PASSWORD)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await accounts(email);
    expect(rows).toHaveLength(1);
    expect(await links(rows[0]!.id)).toHaveLength(4);
    await smtp.waitFor(email, 4);
  });

  it('verifies through exactly one of two links opened at the same moment', async () => {
    const email = uniqueEmail('two-links');
    await register(email, 'Link One', OWNER_PASSWORD);
    const one = await tokenOf(email, 1);
    await register(email, 'Link Two', SQUATTER_PASSWORD);
    const two = await tokenOf(email, 2);
    const [a, b] = await Promise.all([verify(one), verify(two)]);
    const outcomes = [a, b].map((r) => r.statusCode).sort();
    expect(outcomes).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? 'Link One' : 'Link Two';
    const [row] = await accounts(email);
    expect(row!.name).toBe(winner);
    expect(row!.email_verified_at).not.toBeNull();
  });

  it('answers a double click on one link with verified and alreadyVerified', async () => {
    const email = uniqueEmail('double-click');
    await register(email, 'Double Click', OWNER_PASSWORD);
    const token = await tokenOf(email, 1);
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().message).sort()).toEqual([MESSAGES.alreadyVerified, MESSAGES.verified].sort());
  });

  it('removes unverified accounts left alone for 7 days, keeping verified ones and ones registered again since', async () => {
    const start = now;
    const forgotten = uniqueEmail('forgotten');
    const renewed = uniqueEmail('renewed');
    await register(forgotten, 'Forgotten', OWNER_PASSWORD);
    await register(renewed, 'Renewed', OWNER_PASSWORD);
    const verified = await createUser(t.ctx); // verified now, created now
    const [forgottenRow] = await accounts(forgotten);

    advance(6.5 * DAY);
    await register(renewed, 'Renewed Again', OWNER_PASSWORD);
    const renewedToken = await tokenOf(renewed, 2);

    now = new Date(start.getTime() + 7 * DAY - 1000);
    await sweepUnverifiedAccounts(t.ctx);
    expect(await accounts(forgotten)).toHaveLength(1);

    now = new Date(start.getTime() + 7 * DAY + 1000);
    expect(await sweepUnverifiedAccounts(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await accounts(forgotten)).toHaveLength(0);
    expect(await links(forgottenRow!.id)).toHaveLength(0);
    expect(await accounts(renewed)).toHaveLength(1);
    expect(await accounts(verified.email)).toHaveLength(1);
    // A second sweep (another instance) finds nothing more to do with these.
    await sweepUnverifiedAccounts(t.ctx);
    expect(await accounts(renewed)).toHaveLength(1);

    // The registration made on day 6½ still verifies; the swept email can be registered afresh.
    expect((await verify(renewedToken)).json()).toEqual({ message: MESSAGES.verified });
    expect((await register(forgotten, 'Back Again', OWNER_PASSWORD)).statusCode).toBe(201);
    const fresh = await tokenOf(forgotten, 2);
    expect((await verify(fresh)).json()).toEqual({ message: MESSAGES.verified });
    expect((await login(forgotten, OWNER_PASSWORD)).json().user.name).toBe('Back Again');
  });
});

describe(`accounts: the periodic sweep (${TEST_DIALECT})`, () => {
  it('runs when the app starts: an instance started 8 days later removes the forgotten account', async () => {
    const testDb = await createTestDatabase();
    const start = new Date('2026-07-01T09:00:00Z');
    let first: TestApp | undefined;
    let later: TestApp | undefined;
    try {
      first = await createTestApp({}, { database: testDb.database, clock: { now: () => start } });
      const forgotten = await createUser(first.ctx, { verified: false });
      const kept = await createUser(first.ctx);
      await first.app.close();
      first = undefined;

      const eightDaysLater = new Date(start.getTime() + 8 * DAY);
      later = await createTestApp({}, { database: testDb.database, clock: { now: () => eightDaysLater } });
      const ids = async () =>
        (await later!.ctx.db.kysely.selectFrom('users').select('id').execute()).map((r) => r.id).sort();
      const deadline = Date.now() + 10_000;
      while ((await ids()).includes(forgotten.id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await ids()).toEqual([kept.id]);
    } finally {
      await first?.app.close();
      await later?.app.close();
      await testDb.drop();
    }
  });
});
