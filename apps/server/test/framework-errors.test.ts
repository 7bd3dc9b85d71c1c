import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, useTestApp } from './helpers';
import { errorBodyProblem } from './support/error-bodies';

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends raw bytes and reads the whole answer until the server closes or the answer is complete. */
function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5000);
    const finish = () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) {
        const at = line.indexOf(':');
        headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      const bodyStart = data.indexOf('\r\n\r\n');
      if (length && bodyStart >= 0 && Buffer.byteLength(data.slice(bodyStart + 4)) >= Number(length)) {
        socket.destroy();
      }
    });
    socket.on('close', finish);
    socket.on('error', (error) => (data ? finish() : reject(error)));
    socket.write(bytes);
  });
}

describe(`framework errors look like ours (${TEST_DIALECT})`, () => {
  const t = useTestApp({ httpHeadersTimeoutMs: 1000, httpRequestTimeoutMs: 1000 });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  function expectOurs(answer: RawAnswer, status: number, code: string) {
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const body = JSON.parse(answer.body) as { message: unknown; code: unknown };
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toBe('');
    // Written before Fastify sees a request, so checked here: the catalog's English for the code.
    expect(errorBodyProblem(answer.body)).toBeUndefined();
  }

  it.each<{ what: string; bytes: string; status: number; code: string; message?: string }>([
    {
      what: 'a URL that does not decode',
      bytes: 'GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      status: 400,
      code: 'MALFORMED_URL',
      message: 'Malformed URL',
    },
    {
      what: 'a path segment longer than the router takes',
      bytes: `GET /api/surveys/${'a'.repeat(500)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      status: 414,
      code: 'URI_TOO_LONG',
    },
    {
      what: 'headers over the size limit',
      bytes: `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    {
      what: 'bytes that are not HTTP',
      bytes: 'HELLO THERE\r\n\r\n',
      status: 400,
      code: 'MALFORMED_REQUEST',
      message: 'Malformed HTTP request',
    },
    {
      what: 'a request that stalls',
      bytes:
        'POST /api/user/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
      status: 408,
      code: 'REQUEST_TIMEOUT',
    },
  ])('$what answers $status with our body and headers', async ({ bytes, status, code, message }) => {
    const answer = await rawRequest(port, bytes);
    expectOurs(answer, status, code);
    if (message) expect(JSON.parse(answer.body)).toEqual({ message, code });
  });
});
