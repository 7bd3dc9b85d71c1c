import { describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@quorum/contract';
import { createAdmin, createSurvey, createUser, question } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import type { NewResponse } from '../src/modules/responses/responses.repository';
import { recordResponses } from '../src/projections';
import { ACCOUNT_EXPORT_PAGE_SIZE } from '../src/modules/users/account-export';
import { TEST_DIALECT, useTestApp } from './helpers';
import { expectError } from './support/expect-error';

const q1 = question.multipleChoice('Which day?', ['Friday', 'Saturday'], 'q1');
const q2 = question.text('Anything else?', 'q2');
const gone = question.text('A question removed later', 'gone');

describe(`account export (${TEST_DIALECT})`, () => {
  const t = useTestApp({}, { clock: { now: () => new Date('2026-05-04T12:00:00.000Z') } });
  let addresses = 0;

  /** A download from its own client address, so the per-address limit stays out of the way. */
  const download = (token: string | undefined, remoteAddress = `10.0.0.${++addresses}`) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/account/export',
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("holds exactly the user's profile, surveys, questions and every response, and nothing of anyone else", async () => {
    const alice = await createUser(t.ctx, { name: 'Alice Export' });
    const bob = await createUser(t.ctx, { name: 'Bob Private' });
    const big = await createSurvey(t.ctx, alice.id, {
      state: 'active',
      title: 'Big survey',
      questions: [q1, q2, gone],
      createdAt: '2026-05-01T00:00:00.000Z',
    });
    // The third question is removed after it was answered: kept as deleted.
    await t.ctx.db.kysely.updateTable('questions').set({ is_deleted: 1 }).where('id', '=', 'gone').execute();
    const old = await createSurvey(t.ctx, alice.id, {
      state: 'deleted',
      title: 'Old survey',
      createdAt: '2026-05-02T00:00:00.000Z',
    });
    const bobs = await createSurvey(t.ctx, bob.id, { state: 'active', title: 'Bob secret survey', questions: [q1] });

    // More responses than one page, so the export reads several.
    const count = ACCOUNT_EXPORT_PAGE_SIZE * 2 + 3;
    const responses = Array.from({ length: count }, (_, i): NewResponse => ({
      id: newId(),
      submittedAt: new Date(Date.UTC(2026, 4, 3, 0, 0, i)).toISOString(),
      answers:
        i === 0 ? { q1: 'Friday', q2: 'He said "hi" \u2028 ✓', gone: 'old answer' } : { q1: 'Saturday', q2: `#${i}` },
    }));
    await recordResponses(t.ctx.db, big.id, [q1, q2, gone], responses);
    await recordResponses(
      t.ctx.db,
      bobs.id,
      [q1],
      [{ id: newId(), submittedAt: '2026-05-03T00:00:00.000Z', answers: { q1: 'Friday' } }],
    );

    const res = await download(alice.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="quorum-account-2026-05-04.json"; filename*=UTF-8''quorum-account-2026-05-04.json`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const body = accountExportSchema.parse(JSON.parse(res.body)) as AccountExport;
    expect(body.version).toBe(1);
    expect(body.exportedAt).toBe('2026-05-04T12:00:00.000Z');
    expect(body.profile).toEqual({
      id: alice.id,
      name: 'Alice Export',
      email: alice.email,
      emailVerifiedAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body.surveys.map((s) => [s.surveyId, s.title, s.state])).toEqual([
      [big.id, 'Big survey', 'active'],
      [old.id, 'Old survey', 'deleted'],
    ]);
    const [first, second] = body.surveys;
    expect(first!.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(first!.deletedQuestions.map((q) => q.id)).toEqual(['gone']);
    expect(first!.userId).toBe(alice.id);
    expect(first!.responses).toHaveLength(count);
    expect(first!.responses.map((r) => r.responseId)).toEqual(responses.map((r) => r.id));
    expect(first!.responses[0]).toEqual({
      responseId: responses[0]!.id,
      submittedAt: responses[0]!.submittedAt,
      answers: { q1: 'Friday', q2: 'He said "hi" \u2028 ✓', gone: 'old answer' },
      durationSeconds: null,
      flags: [],
      language: 'en',
    });
    expect(second!.responses).toEqual([]);
    expect(second!.questions).toHaveLength(4);

    // Nothing of Bob, and never a password hash.
    expect(res.body).not.toContain(bob.id);
    expect(res.body).not.toContain(bob.email);
    expect(res.body).not.toContain('Bob secret survey');
    expect(res.body).not.toContain(bobs.id);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('password');
  });

  it('an account without surveys exports its profile and an empty list', async () => {
    const carol = await createUser(t.ctx, { name: 'Carol Empty' });
    const res = await download(carol.token);
    expect(res.statusCode).toBe(200);
    const body = accountExportSchema.parse(JSON.parse(res.body));
    expect(body.profile.email).toBe(carol.email);
    expect(body.surveys).toEqual([]);
  });

  it('is for a signed-in user only', async () => {
    const admin = await createAdmin(t.ctx);
    expectError(await download(undefined), 401, 'UNAUTHORIZED');
    expect((await download(admin.token)).statusCode).toBe(401);
  });

  it('is rate limited per client address', async () => {
    const dave = await createUser(t.ctx, { name: 'Dave Many' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await download(dave.token, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expectError(await download(dave.token, '10.9.9.9'), 429, 'RATE_LIMITED');
    expect(statuses[10]).toBe(429);
    // Another address is not held up.
    expect((await download(dave.token, '10.9.9.10')).statusCode).toBe(200);
  });
});
