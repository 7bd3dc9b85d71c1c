import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecaptchaStandIn, type RecaptchaStandIn } from '@quorum/test-support/recaptcha';
import {
  createRecaptchaBotCheck,
  disabledBotCheck,
  type BotCheck,
  type RecaptchaSettings,
} from '../src/botcheck/bot-check';
import { AppError } from '../src/lib/errors';

const silent = Fastify({ logger: { level: 'silent' } }).log;

/** What the check throws when it refuses a token, and when the service cannot answer. */
const FAILED = { status: 400, message: 'Bot check failed. Please try again.', code: 'BOT_CHECK_FAILED' };
const UNAVAILABLE = {
  status: 503,
  message: 'Bot check is unavailable. Please try again later.',
  code: 'BOT_CHECK_UNAVAILABLE',
};

async function refusal(promise: Promise<void>): Promise<{ status: number; message: string; code: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message, code: error.code };
    throw error;
  }
  throw new Error('expected the bot check to refuse');
}

describe('bot check (reCAPTCHA v3 against a verify service on loopback)', () => {
  let service: RecaptchaStandIn;
  let check: BotCheck;
  /** A check against the stand-in that expects localhost tokens, with any settings changed. */
  const checkWith = (settings: Partial<RecaptchaSettings> = {}) =>
    createRecaptchaBotCheck(
      {
        secretKey: 'secret-key',
        minScore: 0.5,
        verifyUrl: service.verifyUrl,
        timeoutMs: 300,
        expectedHostname: 'localhost',
        ...settings,
      },
      undefined,
      silent,
    );

  beforeAll(async () => {
    // Tokens that name no hostname are reported for localhost, the hostname the check expects.
    service = await startRecaptchaStandIn({ hostname: 'localhost' });
    check = checkWith();
  });
  afterAll(() => service.close());

  it('passes a fresh token for the right action with a good score, sending secret, token and client address', async () => {
    const t = `login:0.9:localhost#a`;
    await expect(check.verify(t, 'login', '203.0.113.7')).resolves.toBeUndefined();
    expect(service.requests.at(-1)).toEqual({ secret: 'secret-key', response: t, remoteip: '203.0.113.7' });
  });

  it('refuses a score below the minimum', async () => {
    expect(await refusal(check.verify('login:0.3:localhost#b', 'login', '::1'))).toEqual(FAILED);
  });

  it('accepts a score exactly at the minimum', async () => {
    await expect(check.verify('register:0.5:localhost#c', 'register', '::1')).resolves.toBeUndefined();
  });

  it('refuses a token made for another action', async () => {
    expect(await refusal(check.verify('login:0.9:localhost#d', 'admin_login', '::1'))).toEqual(FAILED);
  });

  it('refuses a reused token without asking the service again', async () => {
    const t = 'profile_update:0.9:localhost#e';
    await check.verify(t, 'profile_update', '::1');
    const before = service.requests.length;
    expect(await refusal(check.verify(t, 'profile_update', '::1'))).toEqual(FAILED);
    expect(service.requests.length).toBe(before);
  });

  it('refuses a token the service reports as duplicate', async () => {
    const t = 'login:0.9:localhost#f';
    const other = checkWith({ secretKey: 's' });
    await other.verify(t, 'login', '::1');
    // A second instance has not seen it, but the service has.
    expect(await refusal(check.verify(t, 'login', '::1'))).toEqual(FAILED);
  });

  it('refuses a missing or empty token without calling the service', async () => {
    const before = service.requests.length;
    expect(await refusal(check.verify(undefined, 'login', '::1'))).toEqual(FAILED);
    expect(await refusal(check.verify('', 'login', '::1'))).toEqual(FAILED);
    expect(service.requests.length).toBe(before);
  });

  it('refuses a token issued for another hostname', async () => {
    expect(await refusal(check.verify('login:0.9:evil.example#g', 'login', '::1'))).toEqual(FAILED);
  });

  it('refuses a token the service does not accept', async () => {
    expect(await refusal(check.verify('garbage', 'login', '::1'))).toEqual(FAILED);
  });

  it('answers 503 when the service does not answer in time', async () => {
    expect(await refusal(check.verify('unreachable', 'login', '::1'))).toEqual(UNAVAILABLE);
  });

  it('answers 503 when the service fails', async () => {
    expect(await refusal(check.verify('broken', 'login', '::1'))).toEqual(UNAVAILABLE);
  });

  it('answers 503 when the service cannot be reached at all', async () => {
    const nowhere = checkWith({ secretKey: 's', verifyUrl: 'http://127.0.0.1:9/siteverify' });
    expect(await refusal(nowhere.verify('login:0.9#h', 'login', '::1'))).toEqual(UNAVAILABLE);
  });

  it('passes everything when switched off', async () => {
    expect(disabledBotCheck.enabled).toBe(false);
    await expect(disabledBotCheck.verify(undefined, 'login', '::1')).resolves.toBeUndefined();
  });
});
