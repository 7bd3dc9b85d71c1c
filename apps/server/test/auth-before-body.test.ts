import { describe, expect, it } from 'vitest';
import { createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

/** Protected routes authenticate in onRequest: an anonymous body is never parsed or validated. */
describe(`authentication before the body (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  const protectedWrites = [
    ['POST', '/api/surveys'],
    ['PUT', '/api/surveys/some-id'],
    ['PATCH', '/api/surveys/some-id/state'],
    ['POST', '/api/surveys/generate'],
    ['POST', '/api/images/check'],
    ['PUT', '/api/user/auth/update-profile'],
    ['PUT', '/api/user/auth/change-password'],
    ['PUT', '/api/admin/auth/update-profile'],
    ['PUT', '/api/admin/auth/change-password'],
  ] as const;

  it.each(protectedWrites)('%s %s: malformed JSON without a token answers 401, not 400', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"this is": not json',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.each(protectedWrites)('%s %s: malformed JSON with a forged token answers 401', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
      payload: '{"this is": not json',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('a signed-in client still gets 400 for malformed JSON', async () => {
    const user = await createUser(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      payload: '{"this is": not json',
    });
    expectError(res, 400, 'MALFORMED_JSON', { message: 'Malformed JSON in request body' });
  });
});
