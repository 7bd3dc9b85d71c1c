import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { TEST_DIALECT, useTestApp } from './helpers';

const login = (forwardedFor: string) => ({
  method: 'POST' as const,
  url: '/api/user/auth/login',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
  payload: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password1!' }),
});

describe('TRUST_PROXY', () => {
  it('reads false, a hop count, a bare true as one hop, or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('stops on a value that is none of those, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everything' })).toThrowError(/^Invalid configuration: TRUST_PROXY=/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
  });
});

for (const [label, trustProxy] of [
  ['one hop', 1],
  ['the proxy address', ['127.0.0.1']],
] as const) {
  describe(`client address behind a trusted proxy: ${label} (${TEST_DIALECT})`, () => {
    const t = useTestApp({ trustProxy: trustProxy as number | string[], loginRateLimit: 3 });

    it('is the address the proxy appended, whatever the client wrote before it', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        // The client makes up a new leftmost address every time; the proxy appends the real one.
        statuses.push((await t.app.inject(login(`198.51.100.${i}, 203.0.113.7`))).statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    });

    it('keeps other clients behind the same proxy apart', async () => {
      const res = await t.app.inject(login('203.0.113.99'));
      expect(res.statusCode).toBe(401);
    });
  });
}

describe(`no proxy trusted (${TEST_DIALECT})`, () => {
  const t = useTestApp({ loginRateLimit: 2 });

  it('ignores X-Forwarded-For entirely', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject(login(`198.51.100.${i}`))).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});
