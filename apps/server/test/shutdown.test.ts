import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@quorum/test-support/ports';
import { startServer } from '@quorum/test-support/processes';
import { DEFAULT_PASSWORD, uniqueEmail } from '@quorum/test-support/factories';

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
    // At debug level each request is logged as it arrives ("request received"), before its body is read.
    const server = await startServer(port, { DATA_DIR: dataDir, LOG_LEVEL: 'debug', REGISTER_RATE_LIMIT: '1000' });
    const { child, baseURL: base } = server;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;

    // Requests truly in flight at the signal: headers sent and received, body only half sent.
    const count = 4;
    const held = Array.from({ length: count }, () => heldRegistration(port));
    const received = () => (server.output().match(/"url":"\/api\/user\/auth\/register"/g) ?? []).length;
    while (received() < count) {
      expect(Date.now(), `requests not received:\n${server.output()}`).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 5));
    }
    // A client that connected but has sent nothing yet must not hold the shutdown open.
    const silent = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => silent.once('connect', () => resolve()));
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    child.kill('SIGTERM');
    while (!server.output().includes('SIGTERM received')) await new Promise((r) => setTimeout(r, 5));

    // The rest of each body arrives after the signal; every request is still answered.
    held.forEach((request) => request.finish());
    expect(await Promise.all(held.map((request) => request.status))).toEqual(Array(count).fill(201));
    expect(await exited, server.output()).toBe(0);
    await silentClosed;
    // After the exit nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);
});
