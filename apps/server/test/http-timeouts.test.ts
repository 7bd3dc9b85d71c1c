import { connect, type AddressInfo, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, useTestApp } from './helpers';

const HEADERS_MS = 400;
const REQUEST_MS = 1000;

interface Outcome {
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfter: number;
  /** Whatever the server wrote before closing. */
  received: string;
}

/** Opens a raw connection, writes `chunks` (strings, or pauses in ms), and waits for the server to close it. */
function holdOpen(port: number, chunks: (string | number)[], giveUpAfter = 8000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpAfter} ms`));
    }, giveUpAfter);
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedAfter: Date.now() - started, received });
    });
    void (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        if (typeof chunk === 'number') await new Promise((r) => setTimeout(r, chunk));
        else socket.write(chunk);
      }
    })();
  });
}

describe(`slow and idle clients (${TEST_DIALECT})`, () => {
  const t = useTestApp({ httpHeadersTimeoutMs: HEADERS_MS, httpRequestTimeoutMs: REQUEST_MS });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('closes a connection that never sends anything', async () => {
    const outcome = await holdOpen(port, []);
    expect(outcome.closedAfter).toBeLessThan(REQUEST_MS + 1500);
  });

  it('ends a request whose headers trickle in past the headers timeout', async () => {
    const slowHeaders = [
      'GET /api/health HTTP/1.1\r\n',
      300,
      'Host: x\r\n',
      300,
      'X-A: 1\r\n',
      300,
      'X-B: 2\r\n',
      5000,
    ];
    const outcome = await holdOpen(port, slowHeaders);
    expect(outcome.closedAfter).toBeLessThan(HEADERS_MS + 1500);
    expect(outcome.received).not.toContain('200 OK');
    if (outcome.received) expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('ends a request whose body stalls past the request timeout, with 408 and our error body', async () => {
    const stalledBody = [
      'POST /api/user/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
      '{"email":"a@b.co",',
      10_000,
    ];
    const outcome = await holdOpen(port, stalledBody);
    expect(outcome.closedAfter).toBeLessThan(REQUEST_MS + 1500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.received).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('ends a body trickled a byte at a time, however steady', async () => {
    const head =
      'POST /api/user/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n';
    const trickle = Array.from({ length: 40 }, () => ['{', 100]).flat();
    const outcome = await holdOpen(port, [head, ...trickle]);
    expect(outcome.closedAfter).toBeLessThan(REQUEST_MS + 1500);
  });

  it('releases the connections it ended', async () => {
    await Promise.all([holdOpen(port, []), holdOpen(port, ['GET / HTTP/1.1\r\n'])]);
    const open = await new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    expect(open).toBe(0);
  });

  it('keeps a live-results stream open past the request timeout', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/surveys/${survey.id}/results/stream`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let ended = false;
    const reading = (async () => {
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch {
        // aborted below
      }
      ended = true;
    })();
    await new Promise((r) => setTimeout(r, REQUEST_MS * 2.5));
    expect(ended).toBe(false);
    controller.abort();
    await reading;
  });
});
