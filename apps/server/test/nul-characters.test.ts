import { describe, expect, it } from 'vitest';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const refused = { message: 'Text must not contain NUL characters' };

/** PostgreSQL cannot store U+0000: the server refuses it everywhere, on both databases, with a 400. */
describe(`NUL characters (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('in a path parameter', async () => {
    const res = await request(t.app, 'GET', '/api/surveys/a%00b/public');
    expectError(res, 400, 'NUL_CHARACTER', refused);
  });

  it('in a query string', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'GET', '/api/surveys?q=a%00b', { token: user.token });
    expectError(res, 400, 'NUL_CHARACTER', refused);
  });

  it('in a survey, which is then not saved', async () => {
    const user = await createUser(t.ctx);
    const res = await request(t.app, 'POST', '/api/surveys', {
      token: user.token,
      body: { projectName: 'P', title: 'a\u0000b', questions: [{ text: 'Q', type: 'text' }] },
    });
    expectError(res, 400, 'NUL_CHARACTER', refused);
    const count = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('in an answer, which is then not stored, while an escaped backslash before "u0000" is plain text', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const answers = (third: string) =>
      s.questions.map((q, i) => ({
        questionId: q.id,
        answer: q.type === 'checkbox' ? [q.options[0]!] : i === 2 ? third : q.options[0]!,
      }));
    const bad = await request(t.app, 'POST', `/api/surveys/${s.id}/responses`, {
      body: { answers: answers('x\u0000') },
    });
    expectError(bad, 400, 'NUL_CHARACTER', refused);
    const good = await request(t.app, 'POST', `/api/surveys/${s.id}/responses`, {
      body: { answers: answers('a path like C:\\u0000 is fine') },
    });
    expect(good.statusCode).toBe(201);
  });
});
