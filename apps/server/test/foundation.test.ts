import { describe, expect, it } from 'vitest';
import { SMALL_BODY_BYTES } from '@quorum/contract';
import { loadConfig, ConfigError } from '../src/config';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

describe(`foundation (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('answers the health check once the database answers', async () => {
    const res = await request(t.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('runs on the dialect the suite was asked for', () => {
    expect(t.ctx.db.dialect).toBe(TEST_DIALECT);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(t.app, 'GET', '/api/does-not-exist');
    expectError(res, 404, 'ROUTE_NOT_FOUND', {
      message: 'No API route GET /api/does-not-exist',
      params: { method: 'GET', path: '/api/does-not-exist' },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(t.app, 'POST', '/api/user/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expectError(res, 400, 'MALFORMED_JSON', { message: 'Malformed JSON in request body' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(t.app, 'POST', '/api/user/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(SMALL_BODY_BYTES) }),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', { message: 'Request body is too large' });
  });

  it('sends security headers with a content security policy', async () => {
    const res = await request(t.app, 'GET', '/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Errors and unknown paths carry them too.
    const missing = await request(t.app, 'GET', '/api/does-not-exist');
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the public configuration without secrets', async () => {
    const res = await request(t.app, 'GET', '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recaptchaSiteKey: null, recaptchaScriptUrl: null, aiTranslation: false });
  });
});

describe('configuration', () => {
  it('stops on a wrong PORT with one line naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(
      /^Invalid configuration: PORT="abc": expected a whole number/,
    );
  });

  it('stops on a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrowError(
      /DATABASE_URL="mysql:\/\/x": expected a postgres/,
    );
  });

  it('uses SQLite in DATA_DIR by default and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/q', PORT: '4100' });
    expect(config.database).toEqual({ kind: 'sqlite', file: '/tmp/q/quorum.db' });
    expect(config.publicUrl).toBe('http://localhost:4100');
  });

  it('reads OUTBOUND_ALLOW_PRIVATE, and IMAGE_CHECK_ALLOW_PRIVATE as its earlier name', () => {
    expect(loadConfig({}).outboundAllowPrivate).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(loadConfig({ IMAGE_CHECK_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(
      loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'false', IMAGE_CHECK_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate,
    ).toBe(false);
  });

  it('takes the digest hour and time zone, and stops on ones that do not exist', () => {
    expect(loadConfig({}).digest).toEqual({ hour: 9, timeZone: 'UTC' });
    expect(loadConfig({ DIGEST_HOUR: '18', DIGEST_TIME_ZONE: 'Europe/Berlin' }).digest).toEqual({
      hour: 18,
      timeZone: 'Europe/Berlin',
    });
    expect(() => loadConfig({ DIGEST_HOUR: '24' })).toThrowError(/DIGEST_HOUR="24": expected an hour from 0 to 23/);
    expect(() => loadConfig({ DIGEST_TIME_ZONE: 'Mars/Base' })).toThrowError(/DIGEST_TIME_ZONE/);
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
    });
  });
});
