import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage } from './api-client';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('api errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("carry the server's message, code and params", async () => {
    const body = {
      message: 'Account locked due to too many failed attempts. Try again in 15 minutes.',
      code: 'ACCOUNT_LOCKED',
      params: { minutes: 15 },
    };
    vi.stubGlobal('fetch', answer(423, body));
    const error = await api('/api/user/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 423,
      message: body.message,
      code: 'ACCOUNT_LOCKED',
      params: { minutes: 15 },
    });
    expect(errorMessage(error, 'Login failed')).toBe(body.message);
  });

  it('have no params when the body has none, and keep only names and numbers', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Authentication required', code: 'UNAUTHORIZED' }));
    const plain = (await api('/api/surveys').catch((e: unknown) => e)) as ApiError;
    expect(plain.params).toEqual({});
    expect(new ApiError(400, 'x', 'X', { params: { a: 1, b: 'two', c: { d: 3 }, e: null } }).params).toEqual({
      a: 1,
      b: 'two',
    });
    expect(new ApiError(500, '', undefined, 'Bad Gateway').params).toEqual({});
  });
});
