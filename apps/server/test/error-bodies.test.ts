import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorDetail } from '@quorum/contract';
import { AppError, TooManyRequestsError } from '../src/lib/errors';
import { createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { errorBodyProblem, watchErrorBodies } from './support/error-bodies';
import { expectError } from './support/expect-error';

/** The check every server suite runs on the error answers it sees (see createTestApp). */
describe('error bodies against the catalog', () => {
  it("accepts the catalog's English for a code and its params", () => {
    expect(errorBodyProblem(JSON.stringify(errorDetail('ACCOUNT_LOCKED', { minutes: 15 })))).toBeUndefined();
    expect(errorBodyProblem(JSON.stringify({ ...errorDetail('INTERNAL'), requestId: 'r-1' }))).toBeUndefined();
    expect(errorBodyProblem(JSON.stringify(new TooManyRequestsError('SUBMIT_RATE_LIMITED', 59.2).toBody()))).toBe(
      undefined,
    );
  });

  it('refuses words that are not the English of the code and params', () => {
    const body = {
      message: 'Account locked. Try again in 15 minutes.',
      code: 'ADMIN_ACCOUNT_LOCKED',
      params: { minutes: 14 },
    };
    expect(errorBodyProblem(JSON.stringify(body))).toMatch(
      /ADMIN_ACCOUNT_LOCKED .* reads "Account locked. Try again in 14 minutes."/,
    );
    expect(errorBodyProblem(JSON.stringify({ message: 'Survey not found', code: 'NOT_FOUND' }))).toMatch(
      /reads "Not found"/,
    );
    expect(errorBodyProblem(JSON.stringify({ message: 'Account locked', code: 'ACCOUNT_LOCKED' }))).toMatch(
      /\{minutes\}/,
    );
  });

  it('refuses a body that is not the error body', () => {
    expect(errorBodyProblem('Not found')).toMatch(/^not JSON/);
    expect(errorBodyProblem(JSON.stringify({ message: 'x', code: 'NO_SUCH_CODE' }))).toMatch(/^not an error body/);
    expect(errorBodyProblem(JSON.stringify({ ...errorDetail('UNAUTHORIZED'), statusCode: 401 }))).toMatch(
      /^not an error body/,
    );
  });

  it('wants the field and the issue of a validation refusal', () => {
    const params = { location: 'body', field: 'title', issue: 'too_small', minimum: 1, rule: 'titleRequired' };
    const ok = { message: 'Survey title is required', code: 'VALIDATION_FAILED', params };
    expect(errorBodyProblem(JSON.stringify(ok))).toBeUndefined();
    expect(
      errorBodyProblem(JSON.stringify({ message: 'Survey title is required', code: 'VALIDATION_FAILED' })),
    ).toMatch(/without its field and issue/);
  });

  describe('watching an app', () => {
    const app = Fastify();
    const watch = watchErrorBodies(app);
    app.get('/ours', async () => {
      throw new AppError(409, 'INVALID_TRANSITION', { from: 'closed', to: 'active' });
    });
    app.get('/hand-made', async (_request, reply) =>
      reply.status(404).send({ message: 'No such survey', code: 'SURVEY_NOT_FOUND' }),
    );
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError ? reply.status(error.statusCode).send(error.toBody()) : reply.send(error),
    );
    afterAll(() => app.close());

    it('keeps what it finds in every error answer, and only that', async () => {
      expect((await app.inject({ url: '/ours' })).json()).toEqual({
        message: 'Cannot change a closed survey to active',
        code: 'INVALID_TRANSITION',
        params: { from: 'closed', to: 'active' },
      });
      expect(watch.take()).toEqual([]);
      await app.inject({ url: '/hand-made' });
      expect(watch.take()).toEqual([
        'GET /hand-made answered 404: SURVEY_NOT_FOUND with {} reads "Survey not found", not "No such survey"',
      ]);
      expect(watch.take()).toEqual([]);
    });
  });
});

describe(`error answers outside the routes (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('names what is wrong with a body the parser refuses', async () => {
    const login = (contentType: string, body: string) =>
      request(t.app, 'POST', '/api/user/auth/login', { headers: { 'content-type': contentType }, body });
    expectError(await login('application/json', ''), 400, 'EMPTY_JSON_BODY', {
      message: "Body cannot be empty when content-type is set to 'application/json'",
    });
    expectError(await login('application/xml', '<hello/>'), 415, 'UNSUPPORTED_MEDIA_TYPE', {
      message: 'Unsupported Media Type',
    });
  });

  it('tells a missing file and any other missing address outside the API apart', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expectError(file, 404, 'FILE_NOT_FOUND', { message: 'File not found' });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expectError(post, 404, 'NOT_FOUND', { message: 'Not found' });
  });

  it('names the query parameter a validation refusal is about', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'GET', '/api/surveys?limit=0', { token: user.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      params: { location: 'querystring', field: 'limit', issue: 'too_small', minimum: 1, origin: 'number' },
    });
  });
});
