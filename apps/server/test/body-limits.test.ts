import { describe, expect, it } from 'vitest';
import { LIMITS, MAX_JSON_DEPTH, MAX_SUBMISSION_BYTES, SMALL_BODY_BYTES, type Question } from '@quorum/contract';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { jsonNestsDeeperThan } from '../src/lib/json-body';
import { newId } from '../src/lib/ids';
import { TEST_DIALECT, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const json = (payload: string, token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  payload,
});

describe(`body limits per route (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  const post = (url: string, payload: string, token?: string, method: 'POST' | 'PUT' = 'POST') => {
    const { payload: body, ...headers } = json(payload, token);
    return t.app.inject({ method, url, headers, payload: body });
  };

  it.each([
    '/api/user/auth/login',
    '/api/user/auth/register',
    '/api/user/auth/resend-verification',
    '/api/admin/auth/login',
  ])('POST %s: a body over 16 KB answers 413 with the usual body', async (url) => {
    const res = await post(url, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(SMALL_BODY_BYTES) }));
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', { message: 'Request body is too large' });
  });

  it('profile and password changes take small bodies only', async () => {
    const user = await createUser(t.ctx);
    const big = JSON.stringify({ name: 'x'.repeat(SMALL_BODY_BYTES) });
    expect((await post('/api/user/auth/update-profile', big, user.token, 'PUT')).statusCode).toBe(413);
    expect((await post('/api/user/auth/change-password', big, user.token, 'PUT')).statusCode).toBe(413);
  });

  it('a survey of several hundred kilobytes still saves', async () => {
    const user = await createUser(t.ctx);
    const questions = Array.from({ length: LIMITS.questions }, (_, i) => ({
      text: `Question ${i + 1}`,
      type: 'checkbox',
      options: Array.from({ length: 20 }, (_, j) => `Option ${j} ${'o'.repeat(300)}`),
    }));
    const body = JSON.stringify({ projectName: 'Big', title: 'A large survey', questions });
    expect(body.length).toBeGreaterThan(500 * 1024);
    const res = await post('/api/surveys', body, user.token);
    expect(res.statusCode).toBe(201);
  });

  it('a survey over BODY_LIMIT answers 413', async () => {
    const user = await createUser(t.ctx);
    const body = JSON.stringify({ projectName: 'Big', title: 'x'.repeat(t.config.bodyLimit), questions: [] });
    const res = await post('/api/surveys', body, user.token);
    expect(res.statusCode).toBe(413);
  });

  it('a maximal response is accepted, and one byte past what any response needs is refused with 413', async () => {
    const owner = await createUser(t.ctx);
    const questions: Question[] = Array.from({ length: LIMITS.questions }, (_, i) => ({
      id: newId(),
      text: `Tell us more ${i}`,
      type: 'text',
      options: [],
    }));
    const s = await createSurvey(t.ctx, owner.id, { state: 'active', questions });
    // Three-byte characters, the longest answer allowed, every question answered.
    const answers = questions.map((q) => ({ questionId: q.id, answer: '€'.repeat(LIMITS.textAnswer) }));
    const body = JSON.stringify({ answers });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const accepted = await post(`/api/surveys/${s.id}/responses`, body);
    expect(accepted.statusCode).toBe(201);

    const tooBig = JSON.stringify({ answers, padding: ' '.repeat(MAX_SUBMISSION_BYTES) });
    const refused = await post(`/api/surveys/${s.id}/responses`, tooBig);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses nesting deeper than the contract allows before validating it', async () => {
    const user = await createUser(t.ctx);
    const deep = `{"projectName":"P","title":"T","questions":[{"text":"Q","type":"text","logic":[{"when":{"operator":"answered","value":[]},"goTo":"end"}]}]}`;
    const res = await post('/api/surveys', deep, user.token);
    expectError(res, 400, 'BODY_TOO_DEEP', { message: 'Request body is nested too deeply', params: { maxDepth: 6 } });

    const bomb = '['.repeat(200_000) + ']'.repeat(200_000);
    const public_ = await post('/api/user/auth/login', bomb.slice(0, SMALL_BODY_BYTES - 10));
    expect(public_.statusCode).toBe(400);
    expect(public_.json()).toMatchObject({ message: 'Request body is nested too deeply', code: 'BODY_TOO_DEEP' });
  });

  it('accepts the deepest shape the contract has', async () => {
    const user = await createUser(t.ctx);
    const body = JSON.stringify({
      projectName: 'P',
      title: 'T',
      questions: [
        { text: 'Q', type: 'rating', ratingScale: { min: 1, max: 5, labels: { '1': 'Poor' } } },
        { text: 'R', type: 'text', required: false, logic: [{ when: { operator: 'skipped' }, goTo: 'end' }] },
      ],
    });
    expect(jsonNestsDeeperThan(body, MAX_JSON_DEPTH)).toBe(false);
    expect((await post('/api/surveys', body, user.token)).statusCode).toBe(201);
  });
});

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[[[{{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":"\\"[[[[[["}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('[[]]', 1)).toBe(true);
  });
});
