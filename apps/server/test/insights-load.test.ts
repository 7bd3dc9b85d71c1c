import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_LIMITS, type InsightsResponse, type Question } from '@quorum/contract';
import { createSurvey, createUser, question } from '@quorum/test-support/factories';
import { newId } from '../src/lib/ids';
import { recordResponses } from '../src/projections';
import { INSIGHTS_BUSY_RETRY_SECONDS } from '../src/modules/insights/insights-pool';
import { TEST_DIALECT, createTestApp, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const TOKEN = 'metrics-token-0123456789abcdef';
const text = question.text('What could we do better?', 'q-better');
const QUESTIONS: Question[] = [text];

/** An answer of exactly `length` characters, different for each `i`. */
const longAnswer = (i: number, length = 5_000) =>
  `Answer ${i}: ${'the delivery was slow and the staff were friendly '.repeat(Math.ceil(length / 50))}`
    .slice(0, length - 1)
    .concat('.');

async function record(t: TestApp, surveyId: string, answers: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  // One at a time: ids made in order are in time order, so "newest" is the last given.
  for (const answer of answers) {
    const id = newId();
    ids.push(id);
    await recordResponses(t.ctx.db, surveyId, QUESTIONS, [
      { id, submittedAt: t.ctx.clock.now().toISOString(), answers: { [text.id]: answer } },
    ]);
  }
  return ids;
}

async function surveyWith(t: TestApp, answers: readonly string[]) {
  const owner = await createUser(t.ctx);
  const survey = await createSurvey(t.ctx, owner.id, { state: 'active', questions: QUESTIONS });
  const ids = await record(t, survey.id, answers);
  return { owner, survey, ids };
}

const url = (surveyId: string, extra = '') => `/api/surveys/${surveyId}/results/insights?questionId=${text.id}${extra}`;

/** A GET from an address of its own, so the per-client limits never mix requests. */
const get = (t: TestApp, path: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: `10.${randomBytes(3).join('.')}`,
  });

/** The value of `quorum_insights_total{outcome="…"}` in the app's metrics. */
async function counted(t: TestApp, outcome: 'analysed' | 'cached' | 'busy'): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const series = `quorum_insights_total{outcome="${outcome}"} `;
  const line = res.body.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

/** The answers of a sample of the newest texts within INSIGHTS_LIMITS, as the server counts them. */
function expectedSample(newestFirst: readonly string[]): number {
  let bytes = 0;
  let count = 0;
  for (const answer of newestFirst) {
    bytes += Buffer.byteLength(answer);
    if (count >= INSIGHTS_LIMITS.answers || bytes > INSIGHTS_LIMITS.textBytes) break;
    count += 1;
  }
  return count;
}

describe(`text insights under load: sample, cache and rate limit (${TEST_DIALECT})`, () => {
  const t = useTestApp({ metricsToken: TOKEN });

  it('reads at most INSIGHTS_LIMITS.textBytes of the newest text and says so in the answer', async () => {
    const answers = Array.from({ length: 450 }, (_, i) => longAnswer(i));
    const { owner, survey } = await surveyWith(t, answers);
    const res = await get(t, url(survey.id), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<InsightsResponse>();
    const analysed = expectedSample([...answers].reverse());
    expect(analysed).toBeLessThan(450);
    expect(body.sample).toEqual({ analysed, total: 450, truncated: true });
    expect(body.answerCount).toBe(analysed);
    const { positive, neutral, negative } = body.sentiment;
    expect(positive + neutral + negative).toBe(analysed);
  });

  it('answers the same request from its cache until a response arrives or is deleted', async () => {
    const { owner, survey, ids } = await surveyWith(t, ['Slow delivery', 'Late delivery', 'Rude staff']);
    const analysed = await counted(t, 'analysed');
    const cached = await counted(t, 'cached');

    const first = await get(t, url(survey.id), owner.token);
    expect(first.json<InsightsResponse>()).toMatchObject({ answerCount: 3, themes: [{ label: 'delivery', count: 2 }] });
    expect(await counted(t, 'analysed')).toBe(analysed + 1);
    // The same again, by anyone who may see the results: no analysis.
    const again = await get(t, url(survey.id), owner.token);
    expect(again.json()).toEqual(first.json());
    expect(await counted(t, 'analysed')).toBe(analysed + 1);
    expect(await counted(t, 'cached')).toBe(cached + 1);
    // Another filter is another answer.
    await get(t, url(survey.id, '&from=2000-01-01'), owner.token);
    expect(await counted(t, 'analysed')).toBe(analysed + 2);

    // A new response: read again.
    await record(t, survey.id, ['Kind staff']);
    const after = await get(t, url(survey.id), owner.token);
    expect(after.json<InsightsResponse>().answerCount).toBe(4);
    expect(await counted(t, 'analysed')).toBe(analysed + 3);

    // A deleted response: read again.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/surveys/${survey.id}/responses/${ids[0]}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await get(t, url(survey.id), owner.token);
    expect(gone.json<InsightsResponse>()).toMatchObject({ answerCount: 3, themes: [{ label: 'staff', count: 2 }] });
    expect(await counted(t, 'analysed')).toBe(analysed + 4);
  });

  it(`is rate limited per account, whichever addresses the requests come from`, async () => {
    const { owner, survey } = await surveyWith(t, ['Fine']);
    const limit = t.config.insights.rateLimit;
    for (let i = 0; i < limit; i += 1) expect((await get(t, url(survey.id), owner.token)).statusCode).toBe(200);
    expectError(await get(t, url(survey.id), owner.token), 429, 'RATE_LIMITED');
    // Another account has its own budget.
    const other = await createUser(t.ctx);
    const own = await createSurvey(t.ctx, other.id, { state: 'active', questions: QUESTIONS });
    expect((await get(t, url(own.id), other.token)).statusCode).toBe(200);
  });
});

describe(`text insights off the main thread (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let heavy: { owner: { token: string }; survey: { id: string } };

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN, insights: { workers: 1, queueLimit: 0, rateLimit: 1_000 } });
    heavy = await surveyWith(
      t,
      Array.from({ length: 400 }, (_, i) => longAnswer(i)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an analysis past the queue (503 INSIGHTS_BUSY with Retry-After), and a later one is read', async () => {
    const busy = await counted(t, 'busy');
    // Two different filters: two analyses, for one worker and no queue.
    const paths = [url(heavy.survey.id, '&from=2000-01-01'), url(heavy.survey.id, '&from=2000-01-02')];
    const answers = await Promise.all(paths.map((path) => get(t, path, heavy.owner.token)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 503]);
    const refusedAt = answers.findIndex((res) => res.statusCode === 503);
    const refused = answers[refusedAt]!;
    expectError(refused, 503, 'INSIGHTS_BUSY');
    expect(refused.headers['retry-after']).toBe(String(INSIGHTS_BUSY_RETRY_SECONDS));
    expect(await counted(t, 'busy')).toBe(busy + 1);
    // The refusal kept nothing: the same request now is read.
    const later = await get(t, paths[refusedAt]!, heavy.owner.token);
    expect(later.statusCode, later.body).toBe(200);
  });

  it('keeps answering other requests while an analysis runs', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    let done = false;
    const insights = fetch(`${base}${url(heavy.survey.id, '&from=2000-01-03')}`, {
      headers: { authorization: `Bearer ${heavy.owner.token}` },
    }).then((res) => {
      done = true;
      return res.status;
    });
    // Health checks one after another while the analysis runs: on the main thread, the reading would hold them
    // all back until it ended.
    let answered = 0;
    while (!done) {
      const res = await fetch(`${base}/api/health/live`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (!done) answered += 1;
    }
    expect(await insights).toBe(200);
    expect(answered).toBeGreaterThanOrEqual(10);
  });
});
