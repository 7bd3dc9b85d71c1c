import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageCheckResponseSchema } from '@quorum/contract';
import { listen, stopServer } from '@quorum/test-support/ports';
import { createAdmin, createUser } from '@quorum/test-support/factories';
import { addressPolicy, checkImageUrl } from '../src/images/image-check';
import { IMAGE_CHECKS_PER_MINUTE } from '../src/modules/images/images.routes';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

interface Seen {
  method: string;
  url: string;
  range: string | undefined;
}

/**
 * A small image host on loopback: answers HEAD and GET like real hosts do, including ones that
 * refuse HEAD, redirect, or never answer. `other` is a second host on 127.0.0.2.
 */
function startImageHost(host: string, otherOrigin: () => string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push({ method: req.method ?? '', url, range: req.headers.range });
    const image = (status = 200) => {
      res.writeHead(status, { 'content-type': 'image/png', 'content-length': '1000' });
      // A real host would send the bytes; the check must not wait for or read them.
      res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(status === 206 ? 1 : 1000));
    };
    if (url === '/logo.png') return image();
    if (url === '/photo.JPG') {
      res.writeHead(200, { 'content-type': 'IMAGE/JPEG; charset=binary' });
      return res.end();
    }
    if (url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(req.method === 'HEAD' ? undefined : '<html></html>');
    }
    if (url === '/no-type') {
      res.writeHead(200);
      return res.end();
    }
    if (url === '/missing.png') {
      res.writeHead(404, { 'content-type': 'image/png' });
      return res.end();
    }
    if (url === '/no-head.png') {
      if (req.method === 'HEAD') {
        res.writeHead(405, { allow: 'GET' });
        return res.end();
      }
      return image(req.headers.range === 'bytes=0-0' ? 206 : 200);
    }
    const chain = /^\/redirect\/(\d+)$/.exec(url);
    if (chain) {
      const left = Number(chain[1]);
      res.writeHead(302, { location: left <= 1 ? '/logo.png' : `/redirect/${left - 1}` });
      return res.end();
    }
    if (url === '/relative') {
      res.writeHead(301, { location: 'logo.png' });
      return res.end();
    }
    if (url === '/to-other') {
      res.writeHead(307, { location: `${otherOrigin()}/logo.png` });
      return res.end();
    }
    if (url === '/to-ftp') {
      res.writeHead(302, { location: 'ftp://example.com/logo.png' });
      return res.end();
    }
    if (url === '/no-location') {
      res.writeHead(302);
      return res.end();
    }
    if (url === '/hang') return; // never answers
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  let port = 0;
  return {
    seen,
    server,
    origin: () => `http://${host}:${port}`,
    port: () => port,
    start: async () => {
      port = await listen(server, { host });
    },
    stop: () => stopServer(server),
  };
}

const other = startImageHost('127.0.0.2', () => '');
const host = startImageHost('127.0.0.1', () => other.origin());

beforeAll(async () => {
  await Promise.all([host.start(), other.start()]);
});
afterAll(async () => {
  await Promise.all([host.stop(), other.stop()]);
});

const refused = { ok: false, contentType: null, message: 'Please provide a valid image URL' };

describe(`image check: private addresses allowed for local testing (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: true });
  let token: string;
  beforeAll(async () => {
    token = (await createUser(t.ctx)).token;
  });
  const check = async (url: string, as = token) => {
    const res = await request(t.app, 'POST', '/api/images/check', { token: as, body: { url } });
    expect(res.statusCode).toBe(200);
    return imageCheckResponseSchema.parse(res.json());
  };

  it('accepts a URL whose HEAD answers an image content type, without a GET', async () => {
    const before = host.seen.length;
    expect(await check(`${host.origin()}/logo.png`)).toEqual({ ok: true, contentType: 'image/png' });
    expect(host.seen.slice(before)).toEqual([{ method: 'HEAD', url: '/logo.png', range: undefined }]);
  });

  it('reads the content type case-insensitively and reports it as sent', async () => {
    expect(await check(`${host.origin()}/photo.JPG`)).toEqual({
      ok: true,
      contentType: 'IMAGE/JPEG; charset=binary',
    });
  });

  it('refuses another content type, reporting what the host said', async () => {
    expect(await check(`${host.origin()}/page.html`)).toEqual({
      ok: false,
      contentType: 'text/html; charset=utf-8',
      message: 'Please provide a valid image URL',
    });
    expect(await check(`${host.origin()}/no-type`)).toEqual(refused);
  });

  it('refuses an error status even with an image content type', async () => {
    expect((await check(`${host.origin()}/missing.png`)).ok).toBe(false);
  });

  it('falls back to a one-byte ranged GET when HEAD is refused', async () => {
    const before = host.seen.length;
    expect(await check(`${host.origin()}/no-head.png`)).toEqual({ ok: true, contentType: 'image/png' });
    expect(host.seen.slice(before)).toEqual([
      { method: 'HEAD', url: '/no-head.png', range: undefined },
      { method: 'GET', url: '/no-head.png', range: 'bytes=0-0' },
    ]);
  });

  it('follows up to three redirects, relative ones included, and no more', async () => {
    expect(await check(`${host.origin()}/relative`)).toEqual({ ok: true, contentType: 'image/png' });
    expect(await check(`${host.origin()}/redirect/3`)).toEqual({ ok: true, contentType: 'image/png' });
    const before = host.seen.length;
    expect(await check(`${host.origin()}/redirect/4`)).toEqual(refused);
    // Four requests made (the original and three redirects); the fourth redirect is not followed.
    expect(host.seen.slice(before).map((s) => s.url)).toEqual([
      '/redirect/4',
      '/redirect/3',
      '/redirect/2',
      '/redirect/1',
    ]);
  });

  it('refuses a redirect to another scheme or without a location', async () => {
    expect(await check(`${host.origin()}/to-ftp`)).toEqual(refused);
    expect(await check(`${host.origin()}/no-location`)).toEqual(refused);
  });

  it.each([
    'ftp://example.com/logo.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'not a url',
    '//example.com/x.png',
  ])('refuses %s without any request', async (url) => {
    const before = host.seen.length;
    expect(await check(url)).toEqual(refused);
    expect(host.seen.length).toBe(before);
  });

  it('refuses credentials in the URL', async () => {
    expect(await check(`http://user:secret@127.0.0.1:${host.port()}/logo.png`)).toEqual(refused);
  });

  it('refuses a host that does not resolve', async () => {
    expect(await check('http://does-not-exist.invalid/logo.png')).toEqual(refused);
  });

  it('gives up after 5 seconds on a host that never answers', async () => {
    const started = Date.now();
    expect(await check(`${host.origin()}/hang`)).toEqual(refused);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(4900);
    expect(took).toBeLessThan(8000);
  });

  it('answers a malformed body with 400', async () => {
    for (const body of [{}, { url: '' }, { url: 42 }, { url: `https://e.com/${'x'.repeat(2048)}` }]) {
      const res = await request(t.app, 'POST', '/api/images/check', { token, body });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  it('is for signed-in users and administrators only', async () => {
    const url = `${host.origin()}/logo.png`;
    expect((await request(t.app, 'POST', '/api/images/check', { body: { url } })).statusCode).toBe(401);
    const admin = await createAdmin(t.ctx);
    expect((await check(url, admin.token)).ok).toBe(true);
  });

  it(`limits each account to ${IMAGE_CHECKS_PER_MINUTE} checks a minute`, async () => {
    const busy = await createUser(t.ctx);
    const url = 'ftp://example.com/x.png';
    for (let i = 0; i < IMAGE_CHECKS_PER_MINUTE; i += 1) {
      const res = await request(t.app, 'POST', '/api/images/check', { token: busy.token, body: { url } });
      expect(res.statusCode).toBe(200);
    }
    const over = await request(t.app, 'POST', '/api/images/check', { token: busy.token, body: { url } });
    expectError(over, 429, 'RATE_LIMITED');
    // Someone else is not affected.
    const calm = await createUser(t.ctx);
    expect((await request(t.app, 'POST', '/api/images/check', { token: calm.token, body: { url } })).statusCode).toBe(
      200,
    );
  });
});

describe(`image check: private addresses refused (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: false });
  let token: string;
  beforeAll(async () => {
    token = (await createUser(t.ctx)).token;
  });
  const check = async (url: string) => {
    const res = await request(t.app, 'POST', '/api/images/check', { token, body: { url } });
    expect(res.statusCode).toBe(200);
    return imageCheckResponseSchema.parse(res.json());
  };

  it('refuses a host name that resolves to loopback, checked in the lookup of the connection itself', async () => {
    const before = host.seen.length;
    expect(await check(`http://localhost:${host.port()}/logo.png`)).toEqual(refused);
    expect(host.seen.length).toBe(before);
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/logo.png`,
    (port: number) => `http://127.1:${port}/logo.png`,
    (port: number) => `http://2130706433:${port}/logo.png`,
    (port: number) => `http://0x7f000001:${port}/logo.png`,
    (port: number) => `http://[::1]:${port}/logo.png`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/logo.png`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/logo.png`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[fd00:ec2::254]/latest/meta-data/',
    () => 'http://10.0.0.1/logo.png',
    () => 'http://0.0.0.0/logo.png',
  ])('refuses a literal private address (%#)', async (make) => {
    const before = host.seen.length;
    expect(await check(make(host.port()))).toEqual(refused);
    expect(host.seen.length).toBe(before);
  });
});

describe('image check: redirects are checked like the first address', () => {
  /** Allows the first host (127.0.0.1) only, like a public host redirecting to a private one. */
  const onlyFirstHost = (address: string) => address === '127.0.0.1';

  it('refuses a redirect to an address the policy refuses, before connecting to it', async () => {
    const before = other.seen.length;
    const result = await checkImageUrl(`${host.origin()}/to-other`, { allowAddress: onlyFirstHost });
    expect(result).toMatchObject({ ok: false, reason: 'blocked-address' });
    expect(other.seen.length).toBe(before);
  });

  it('follows the same redirect when the target is allowed', async () => {
    const result = await checkImageUrl(`${host.origin()}/to-other`, { allowAddress: addressPolicy(true) });
    expect(result).toMatchObject({ ok: true, contentType: 'image/png', finalUrl: `${other.origin()}/logo.png` });
  });

  it('refuses a resolved name whose address the policy refuses', async () => {
    const result = await checkImageUrl(`http://localhost:${host.port()}/logo.png`, {
      allowAddress: () => false,
    });
    expect(result).toMatchObject({ ok: false, reason: 'blocked-address' });
  });

  it('holds one deadline for the whole check', async () => {
    const started = Date.now();
    const result = await checkImageUrl(`${host.origin()}/hang`, { allowAddress: addressPolicy(true), timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
