import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  SHARED_TEXT_ANSWERS,
  type AnswerValue,
  type Question,
  type ResultsShare,
  type ResultsShareStatus,
  type SharedResults,
} from '@quorum/contract';
import { createAdmin, createSurvey, createUser, DEFAULT_PASSWORD, question } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { quarterOf } from '../src/modules/tallies/timeline';
import { TEST_DIALECT, createTestApp, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const day = question.multipleChoice('Which day?', ['Friday', 'Saturday'], 'q-day');
const notes = question.text('Anything else?', 'q-notes');
const heard: Question = {
  id: 'q-heard',
  text: 'Where did you hear of us?',
  type: 'multiple_choice',
  options: ['Friends', 'Radio'],
  allowOther: true,
};
const mail: Question = { id: 'q-mail', text: 'Your email', type: 'email', options: [], required: false };
const overall = question.rating('Overall?', undefined, 'q-overall');
const QUESTIONS = [day, notes, heard, mail, overall];

const SECRET_MAIL = 'respondent-7731@example.com';
const SECRET_FIELD = 'campaign-Zx81-secret';

/** A request from an address of its own: the per-client rate limits never mix tests. */
function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: `10.${randomBytes(3).join('.')}`,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

async function record(t: TestApp, surveyId: string, answers: Array<Record<string, AnswerValue>>) {
  // One at a time: ids made in order are in time order, so "newest" is the last given.
  for (const a of answers) {
    await recordResponses(t.ctx.db, surveyId, QUESTIONS, [
      {
        id: newId(),
        submittedAt: t.ctx.clock.now().toISOString(),
        answers: a,
        hiddenFields: { source: SECRET_FIELD },
      },
    ]);
  }
}

const shareUrl = (surveyId: string) => `/api/surveys/${surveyId}/results/share`;
const apiOf = (url: string) => `/api${url}`;

async function sharedSurvey(t: TestApp, includeTextAnswers = false) {
  const owner = await createUser(t.ctx);
  const survey = await createSurvey(t.ctx, owner.id, {
    state: 'active',
    title: 'Summer festival',
    questions: QUESTIONS,
    settings: { hiddenFields: ['source'] },
  });
  await record(t, survey.id, [
    {
      [day.id]: 'Friday',
      [notes.id]: 'Loved the music',
      [heard.id]: 'Friends',
      [mail.id]: SECRET_MAIL,
      [overall.id]: 5,
    },
    { [day.id]: 'Saturday', [notes.id]: 'Too loud', [heard.id]: 'A poster in town', [overall.id]: 3 },
    { [day.id]: 'Friday', [heard.id]: 'Radio', [overall.id]: 4 },
  ]);
  const res = await call(t, 'POST', shareUrl(survey.id), { token: owner.token, body: { includeTextAnswers } });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, survey, share: res.json<ResultsShare>() };
}

async function auditTypes(t: TestApp, surveyId: string): Promise<string[]> {
  const rows = await t.ctx.db.kysely
    .selectFrom('audit_log')
    .select(['type', 'id'])
    .where('target_id', '=', surveyId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.type);
}

describe(`shared results report (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('shares with a secret link the owner can see again; sharing again keeps the link and changes text answers', async () => {
    const { owner, survey, share } = await sharedSurvey(t);
    expect(share).toEqual({
      url: expect.stringMatching(/^\/shared\/results\/[A-Za-z0-9_-]{43}$/),
      includeTextAnswers: false,
      createdAt: expect.any(String),
    });

    const again = await call(t, 'POST', shareUrl(survey.id), {
      token: owner.token,
      body: { includeTextAnswers: true },
    });
    expect(again.json<ResultsShare>()).toEqual({ ...share, includeTextAnswers: true });
    // Left out, text answers are off.
    const off = await call(t, 'POST', shareUrl(survey.id), { token: owner.token, body: {} });
    expect(off.json<ResultsShare>()).toEqual(share);

    const status = await call(t, 'GET', shareUrl(survey.id), { token: owner.token });
    expect(status.json<ResultsShareStatus>()).toEqual({ share });
    const admin = await createAdmin(t.ctx);
    const asAdmin = await call(t, 'GET', shareUrl(survey.id), { token: admin.token });
    expect(asAdmin.json<ResultsShareStatus>()).toEqual({ share });

    // Only the link's hash and its sealed form are stored, never the token itself.
    const token = share.url.split('/').at(-1)!;
    const row = await t.ctx.db.kysely
      .selectFrom('result_shares')
      .selectAll()
      .where('survey_id', '=', survey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    // Audited once, when first shared.
    expect(await auditTypes(t, survey.id)).toEqual(['results.share.created']);
  });

  it("is the owner's to share and revoke: administrators 403, other users 404, nobody signed in 401", async () => {
    const { survey, share } = await sharedSurvey(t);
    const admin = await createAdmin(t.ctx);
    const other = await createUser(t.ctx);
    for (const method of ['POST', 'DELETE'] as const) {
      const body = method === 'POST' ? { includeTextAnswers: true } : undefined;
      expectError(
        await call(t, method, shareUrl(survey.id), { token: admin.token, body }),
        403,
        'ADMIN_CANNOT_SHARE_RESULTS',
        {
          message: ERROR_MESSAGES.ADMIN_CANNOT_SHARE_RESULTS,
        },
      );
      expectError(await call(t, method, shareUrl(survey.id), { token: other.token, body }), 404, 'SURVEY_NOT_FOUND');
      expectError(await call(t, method, shareUrl(survey.id), { body }), 401, 'UNAUTHORIZED');
    }
    expectError(await call(t, 'GET', shareUrl(survey.id), { token: other.token }), 404, 'SURVEY_NOT_FOUND');
    // Nothing changed.
    expect((await call(t, 'GET', apiOf(share.url))).json<SharedResults>().includeTextAnswers).toBe(false);
    expect(await auditTypes(t, survey.id)).toEqual(['results.share.created']);
  });

  it('shows anyone with the link the statistics, never a response, an email answer or a hidden field', async () => {
    const { share } = await sharedSurvey(t);
    const res = await call(t, 'GET', apiOf(share.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<SharedResults>();
    expect(body).toMatchObject({
      title: 'Summer festival',
      state: 'active',
      totalResponses: 3,
      includeTextAnswers: false,
      timeZone: 'UTC',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'funnel',
        'generatedAt',
        'includeTextAnswers',
        'questions',
        'state',
        'timeZone',
        'timeline',
        'title',
        'totalResponses',
      ].sort(),
    );
    expect(body.questions.map((q) => q.id)).toEqual(QUESTIONS.map((q) => q.id));
    expect(body.questions[0]!.statistics).toEqual([
      { answer: 'Friday', count: 2, percentage: 66.7 },
      { answer: 'Saturday', count: 1, percentage: 33.3 },
    ]);
    expect(body.questions[4]).toMatchObject({ average: 4, ratingCount: 3 });
    expect(body.questions.some((q) => 'textAnswers' in q)).toBe(false);
    for (const secret of [SECRET_MAIL, SECRET_FIELD, 'Loved the music', 'A poster in town', 'source']) {
      expect(res.body).not.toContain(secret);
    }
    // Signed in or not, anyone gets the same.
    const other = await createUser(t.ctx);
    const asOther = await call(t, 'GET', apiOf(share.url), { token: other.token });
    expect(asOther.json<SharedResults>().questions).toEqual(body.questions);
  });

  it('gives two requests that share at the same moment one link and one audit entry', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: QUESTIONS });
    const [a, b] = await Promise.all(
      [true, false].map((includeTextAnswers) =>
        call(t, 'POST', shareUrl(survey.id), { token: owner.token, body: { includeTextAnswers } }),
      ),
    );
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json<ResultsShare>().url).toBe(b!.json<ResultsShare>().url);
    expect(await auditTypes(t, survey.id)).toEqual(['results.share.created']);
  });

  it('leaves out deleted questions', async () => {
    const { survey, share } = await sharedSurvey(t, true);
    await t.ctx.db.kysely
      .updateTable('questions')
      .set({ is_deleted: 1 })
      .where('survey_id', '=', survey.id)
      .where('id', '=', notes.id)
      .execute();
    const res = await call(t, 'GET', apiOf(share.url));
    expect(res.json<SharedResults>().questions.map((q) => q.id)).toEqual(
      QUESTIONS.filter((q) => q !== notes).map((q) => q.id),
    );
    expect(res.body).not.toContain('Loved the music');
  });

  it('shows the newest text answers and "Other" texts only when the owner includes them', async () => {
    const { owner, survey, share } = await sharedSurvey(t, true);
    const more = Array.from({ length: SHARED_TEXT_ANSWERS + 5 }, (_, i) => ({ [notes.id]: `Note ${i}` }));
    await record(t, survey.id, more);
    const body = (await call(t, 'GET', apiOf(share.url))).json<SharedResults>();
    expect(body.includeTextAnswers).toBe(true);
    const byId = new Map(body.questions.map((q) => [q.id, q]));
    const texts = byId.get(notes.id)!.textAnswers!;
    expect(texts).toHaveLength(SHARED_TEXT_ANSWERS);
    expect(texts.slice(0, 2)).toEqual([`Note ${SHARED_TEXT_ANSWERS + 4}`, `Note ${SHARED_TEXT_ANSWERS + 3}`]);
    expect(byId.get(heard.id)!.textAnswers).toEqual(['A poster in town']);
    for (const q of [day, mail, overall]) expect(byId.get(q.id)).not.toHaveProperty('textAnswers');
    const raw = (await call(t, 'GET', apiOf(share.url))).body;
    expect(raw).not.toContain(SECRET_MAIL);
    expect(raw).not.toContain(SECRET_FIELD);

    await call(t, 'POST', shareUrl(survey.id), { token: owner.token, body: { includeTextAnswers: false } });
    const without = (await call(t, 'GET', apiOf(share.url))).json<SharedResults>();
    expect(without.questions.some((q) => 'textAnswers' in q)).toBe(false);
  });

  it("counts responses per day in the viewer's time zone from the timeline counters", async () => {
    const { survey, share } = await sharedSurvey(t);
    // The report reads the counters: replace what the three responses counted with known quarters.
    await t.ctx.db.kysely.deleteFrom('response_timeline').where('survey_id', '=', survey.id).execute();
    await t.ctx.db.kysely
      .insertInto('response_timeline')
      .values([
        { survey_id: survey.id, quarter: quarterOf('2026-11-24T10:00:00.000Z'), count: 2 },
        { survey_id: survey.id, quarter: quarterOf('2026-11-24T23:30:00.000Z'), count: 3 },
      ])
      .execute();
    const utc = (await call(t, 'GET', apiOf(share.url))).json<SharedResults>();
    expect(utc.timeline).toEqual([{ date: '2026-11-24', count: 5 }]);
    const paris = (await call(t, 'GET', `${apiOf(share.url)}?tz=Europe/Paris`)).json<SharedResults>();
    expect(paris).toMatchObject({
      timeZone: 'Europe/Paris',
      timeline: [
        { date: '2026-11-24', count: 2 },
        { date: '2026-11-25', count: 3 },
      ],
    });
    expectError(await call(t, 'GET', `${apiOf(share.url)}?tz=Mars/Olympus`), 400, 'VALIDATION_FAILED');
  });

  it('revokes the link at once; sharing again makes a new one', async () => {
    const { owner, survey, share } = await sharedSurvey(t);
    const res = await call(t, 'DELETE', shareUrl(survey.id), { token: owner.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await call(t, 'GET', apiOf(share.url)), 404, 'SHARED_RESULTS_NOT_FOUND', {
      message: ERROR_MESSAGES.SHARED_RESULTS_NOT_FOUND,
    });
    expect((await call(t, 'GET', shareUrl(survey.id), { token: owner.token })).json<ResultsShareStatus>()).toEqual({
      share: null,
    });
    // Revoking again changes nothing and is not audited again.
    expect((await call(t, 'DELETE', shareUrl(survey.id), { token: owner.token })).statusCode).toBe(204);
    expect(await auditTypes(t, survey.id)).toEqual(['results.share.created', 'results.share.revoked']);

    const fresh = (await call(t, 'POST', shareUrl(survey.id), { token: owner.token, body: {} })).json<ResultsShare>();
    expect(fresh.url).not.toBe(share.url);
    expect((await call(t, 'GET', apiOf(fresh.url))).statusCode).toBe(200);
    expectError(await call(t, 'GET', apiOf(share.url)), 404, 'SHARED_RESULTS_NOT_FOUND');
  });

  it('answers 404 to an unknown token, a look-alike, and the link of a deleted survey', async () => {
    const { owner, survey, share } = await sharedSurvey(t);
    const token = share.url.split('/').at(-1)!;
    for (const wrong of [
      randomBytes(32).toString('base64url'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'x',
    ]) {
      expectError(await call(t, 'GET', `/api/shared/results/${wrong}`), 404, 'SHARED_RESULTS_NOT_FOUND');
    }
    for (const state of ['closed', 'deleted']) {
      const moved = await call(t, 'PATCH', `/api/surveys/${survey.id}/state`, { token: owner.token, body: { state } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expectError(await call(t, 'GET', apiOf(share.url)), 404, 'SHARED_RESULTS_NOT_FOUND');
  });

  it('treats a link whose seal no longer opens (the server secret changed) as no link', async () => {
    const { owner, survey, share } = await sharedSurvey(t);
    await t.ctx.db.kysely
      .updateTable('result_shares')
      .set({ token_box: 'v1.AAAA.AAAA.AAAA' })
      .where('survey_id', '=', survey.id)
      .execute();
    expectError(await call(t, 'GET', apiOf(share.url)), 404, 'SHARED_RESULTS_NOT_FOUND');
    expect((await call(t, 'GET', shareUrl(survey.id), { token: owner.token })).json<ResultsShareStatus>()).toEqual({
      share: null,
    });
    const fresh = (await call(t, 'POST', shareUrl(survey.id), { token: owner.token, body: {} })).json<ResultsShare>();
    expect(fresh.url).not.toBe(share.url);
    expect((await call(t, 'GET', apiOf(fresh.url))).statusCode).toBe(200);
  });

  it('goes with the account: deleting it removes its shared reports', async () => {
    const { owner, survey, share } = await sharedSurvey(t);
    const res = await call(t, 'DELETE', '/api/user/account', {
      token: owner.token,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.db.kysely
      .selectFrom('result_shares')
      .select('survey_id')
      .where('survey_id', '=', survey.id)
      .execute();
    expect(rows).toEqual([]);
    expectError(await call(t, 'GET', apiOf(share.url)), 404, 'SHARED_RESULTS_NOT_FOUND');
  });
});

describe(`shared report page and logs (${TEST_DIALECT})`, () => {
  const raw: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'quorum-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quorum</title>');
    t = await createTestApp(
      { webDist, logLevel: 'trace' },
      { logStream: { write: (line: string) => void raw.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the page uncached, without a referrer, and never framed', async () => {
    const { share } = await sharedSurvey(t);
    for (const url of [share.url, `${share.url}/`, '/shared/results/unknown-token']) {
      const res = await call(t, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // Other pages keep their own caching.
    expect((await call(t, 'GET', '/dashboard')).headers['cache-control']).toBe('no-cache');
  });

  it('never writes the token to the logs', async () => {
    const { owner, survey, share } = await sharedSurvey(t, true);
    const token = share.url.split('/').at(-1)!;
    await call(t, 'GET', share.url);
    await call(t, 'GET', `${apiOf(share.url)}?tz=UTC`);
    await call(t, 'GET', shareUrl(survey.id), { token: owner.token });
    await call(t, 'DELETE', shareUrl(survey.id), { token: owner.token });
    await call(t, 'GET', apiOf(share.url));
    const log = raw.join('\n');
    expect(log).not.toContain(token);
    expect(log).toContain('"url":"/shared/results/[redacted]"');
    expect(log).toContain('"url":"/api/shared/results/[redacted]?tz=UTC"');
    expect(log).toContain('"route":"/api/shared/results/:token"');
  });
});
