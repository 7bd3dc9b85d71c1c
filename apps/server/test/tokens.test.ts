import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { freePort } from '@quorum/test-support/ports';
import { startServer } from '@quorum/test-support/processes';
import { createUser } from '@quorum/test-support/factories';
import { redactUrl } from '../src/lib/redact';
import { TEST_DIALECT, request, useTestApp } from './helpers';

describe(`token claims (${TEST_DIALECT})`, () => {
  const t = useTestApp({ jwtExpiresInHours: 24 });

  /** A token signed with the real secret, shaped by `build`. */
  async function forge(userId: string, build: (jwt: SignJWT) => SignJWT): Promise<string> {
    const jwt = new SignJWT({ role: 'user', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti('forged-token-id')
      .setIssuer('quorum');
    return build(jwt).sign(new TextEncoder().encode(t.config.jwtSecret));
  }

  const check = (token: string) => request(t.app, 'GET', '/api/user/auth/verify-user-token', { token });

  it('accepts a token made as the server makes them', async () => {
    const user = await createUser(t.ctx);
    expect((await check(user.token)).statusCode).toBe(200);
    expect((await check(await forge(user.id, (j) => j.setIssuedAt().setExpirationTime('1h')))).statusCode).toBe(200);
  });

  it('refuses a token with no expiry', async () => {
    const user = await createUser(t.ctx);
    expect((await check(await forge(user.id, (j) => j.setIssuedAt()))).statusCode).toBe(401);
  });

  it('refuses a token that does not say when it was issued', async () => {
    const user = await createUser(t.ctx);
    expect((await check(await forge(user.id, (j) => j.setExpirationTime('1h')))).statusCode).toBe(401);
  });

  it('refuses a token without an id (it could not be revoked)', async () => {
    const user = await createUser(t.ctx);
    const token = await new SignJWT({ role: 'user', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('quorum')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await check(token)).statusCode).toBe(401);
  });

  it('refuses a token that lives longer than configured', async () => {
    const user = await createUser(t.ctx);
    expect((await check(await forge(user.id, (j) => j.setIssuedAt().setExpirationTime('3650d')))).statusCode).toBe(401);
  });

  it('refuses a token issued longer ago than a session lasts, even with a far expiry', async () => {
    const user = await createUser(t.ctx);
    const longAgo = Math.floor(Date.now() / 1000) - 48 * 3600;
    const token = await forge(user.id, (j) =>
      j.setIssuedAt(longAgo).setExpirationTime(longAgo + 23 * 3600 + 72 * 3600),
    );
    expect((await check(token)).statusCode).toBe(401);
  });
});

describe('URLs in the log', () => {
  it('hide token query parameters and verification tokens', () => {
    expect(redactUrl('/api/surveys/1/results.csv?token=abc.def&x=1')).toBe(
      '/api/surveys/1/results.csv?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/x?a=1&TOKEN=abc')).toBe('/api/x?a=1&TOKEN=[redacted]');
    expect(redactUrl('/api/user/auth/verify-email/s3cr3t?x=1')).toBe('/api/user/auth/verify-email/[redacted]?x=1');
    expect(redactUrl('/api/surveys?q=tokens')).toBe('/api/surveys?q=tokens');
  });

  it('the running server logs no token it was sent', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-log-'));
    const server = await startServer(port, { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const base = server.baseURL;
      await fetch(`${base}/api/surveys/some-survey/results.csv?token=SECRET-DOWNLOAD-TOKEN`);
      await fetch(`${base}/api/user/auth/verify-email/SECRET-VERIFY-TOKEN`);
      await fetch(`${base}/api/surveys`, { headers: { authorization: 'Bearer SECRET-BEARER-TOKEN' } });
      await new Promise((r) => setTimeout(r, 300));
      const log = server.output();
      expect(log).toContain('[redacted]');
      expect(log).not.toContain('SECRET-DOWNLOAD-TOKEN');
      expect(log).not.toContain('SECRET-VERIFY-TOKEN');
      expect(log).not.toContain('SECRET-BEARER-TOKEN');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 20_000);
});
