import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@quorum/test-support/ports';
import { DEFAULT_PASSWORD, uniqueEmail } from '@quorum/test-support/factories';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

/** A registration whose body is sent in two halves: the second only when `finish()` is called. */
function heldRegistration(port: number): { finish(): void; status: Promise<number | undefined> } {
  const body = JSON.stringify({
    name: 'In Flight',
    email: uniqueEmail('flight'),
    password: DEFAULT_PASSWORD,
    confirmPassword: DEFAULT_PASSWORD,
  });
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/user/auth/register',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const status = new Promise<number | undefined>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 20));
  return { finish: () => req.end(body.slice(20)), status };
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quorum-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on SIGTERM stops accepting, finishes the requests in flight, closes the database and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        RECAPTCHA_SITE_KEY: '',
        RECAPTCHA_SECRET_KEY: '',
        AI_BASE_URL: '',
        AI_MODEL: '',
        WEB_DIST: '-',
        LOG_LEVEL: 'info',
        REGISTER_RATE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;

    const deadline = Date.now() + 30_000;
    for (;;) {
      expect(child.exitCode, log).toBeNull();
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    // Requests truly in flight at the signal: headers sent and received, body only half sent.
    const count = 4;
    const held = Array.from({ length: count }, () => heldRegistration(port));
    const received = () => (log.match(/"url":"\/api\/user\/auth\/register"/g) ?? []).length;
    while (received() < count) {
      expect(Date.now(), `requests not received:\n${log}`).toBeLessThan(deadline + 30_000);
      await new Promise((r) => setTimeout(r, 5));
    }
    // A client that connected but has sent nothing yet must not hold the shutdown open.
    const silent = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => silent.once('connect', () => resolve()));
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    child.kill('SIGTERM');
    while (!log.includes('SIGTERM received')) await new Promise((r) => setTimeout(r, 5));

    // The rest of each body arrives after the signal; every request is still answered.
    held.forEach((request) => request.finish());
    expect(await Promise.all(held.map((request) => request.status))).toEqual(Array(count).fill(201));
    expect(await exited, log).toBe(0);
    await silentClosed;
    // After the exit nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);
});
