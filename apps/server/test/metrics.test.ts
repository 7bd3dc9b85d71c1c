import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSurvey, createUser, type CreatedSurvey } from '@quorum/test-support/factories';
import { freePort } from '@quorum/test-support/ports';
import { TEST_DIALECT, createTestApp, request, useTestApp, type TestApp } from './helpers';
import { expectError } from './support/expect-error';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample in Prometheus text, e.g. `quorum_submissions_total{outcome="accepted"}`; 0 when absent. */
function sample(text: string, series: string): number {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return 0;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await request(t.app, 'GET', '/metrics', { token: TOKEN });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** A valid answer set for sampleQuestions(): choice, checkbox, text, rating. */
const validAnswers = (s: CreatedSurvey) => {
  const answers = ['Saturday', ['Food'], 'Fine', 4];
  return s.questions.map((q, i) => ({ questionId: q.id, answer: answers[i] }));
};

describe(`metrics endpoint settings (${TEST_DIALECT})`, () => {
  it('is off by default: /metrics answers 404 like any unknown address', async () => {
    const t = await createTestApp();
    try {
      expectError(await request(t.app, 'GET', '/metrics'), 404, 'NOT_FOUND');
      expectError(await request(t.app, 'GET', '/metrics', { token: TOKEN }), 404, 'NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT serves /metrics on that port only, without a token, and not on the app', async () => {
    const metricsPort = await freePort();
    const t = await createTestApp({ metricsPort, host: '127.0.0.1' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('quorum_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe(`metrics (${TEST_DIALECT})`, () => {
  const t = useTestApp({ metricsToken: TOKEN });

  it('answers 401 without the token or with a wrong one, 200 with it', async () => {
    expectError(await request(t.app, 'GET', '/metrics'), 401, 'UNAUTHORIZED');
    expectError(await request(t.app, 'GET', '/metrics', { token: `${TOKEN}x` }), 401, 'UNAUTHORIZED');
    expectError(await request(t.app, 'GET', '/metrics', { token: 'short' }), 401, 'UNAUTHORIZED');
    expectError(
      await request(t.app, 'GET', '/metrics', { headers: { authorization: `Basic ${TOKEN}` } }),
      401,
      'UNAUTHORIZED',
    );
    const res = await request(t.app, 'GET', '/metrics', { token: TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    // prom-client's default process metrics, with our prefix.
    expect(res.body).toContain('quorum_process_cpu_user_seconds_total');
    expect(res.body).toContain('quorum_nodejs_eventloop_lag_seconds');
    expect(sample(res.body, 'quorum_mail_queue_depth')).toBe(0);
    expect(sample(res.body, 'quorum_sse_connections')).toBe(0);
  });

  it('counts accepted and refused submissions, group commits, and requests by route pattern', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const before = await scrape(t);
    const url = `/api/surveys/${survey.id}/responses`;
    const accepted = await request(t.app, 'POST', url, { body: { answers: validAnswers(survey) } });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const refused = await request(t.app, 'POST', url, { body: { answers: [] } });
    expect(refused.statusCode).toBe(400);
    await request(t.app, 'GET', '/api/no/such/route');
    const after = await scrape(t);

    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('quorum_submissions_total{outcome="accepted"}')).toBe(1);
    expect(delta('quorum_submissions_total{outcome="refused"}')).toBe(1);
    expect(delta('quorum_submission_batch_size_count')).toBe(1);
    expect(delta('quorum_submission_batch_size_sum')).toBe(1);
    expect(delta('quorum_submission_commit_seconds_count')).toBe(1);
    const route = 'route="/api/surveys/:surveyId/responses"';
    expect(delta(`quorum_http_requests_total{method="POST",${route},status="201"}`)).toBe(1);
    expect(delta(`quorum_http_requests_total{method="POST",${route},status="400"}`)).toBe(1);
    expect(delta(`quorum_http_request_duration_seconds_count{method="POST",${route},status="201"}`)).toBe(1);
    expect(delta('quorum_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    // Never the raw URL: no survey id, no unmatched path.
    expect(after).not.toContain(survey.id);
    expect(after).not.toContain('/api/no/such/route');
  });

  it('counts open live results streams', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/surveys/${survey.id}/results/stream`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(sample(await scrape(t), 'quorum_sse_connections')).toBe(1);
    controller.abort();
    const deadline = Date.now() + 5_000;
    while (sample(await scrape(t), 'quorum_sse_connections') !== 0) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('reports the PostgreSQL pool connections by state, and none for SQLite (one connection for life)', async () => {
    const text = await scrape(t);
    if (TEST_DIALECT === 'postgres') {
      expect(sample(text, 'quorum_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('quorum_db_pool_connections{state="idle"}');
      expect(text).toContain('quorum_db_pool_connections{state="waiting"}');
    } else {
      expect(text).not.toContain('quorum_db_pool_connections{');
    }
  });

  it('keeps each app instance on a registry of its own', async () => {
    const other = await createTestApp({ metricsToken: TOKEN });
    try {
      const res = await request(other.app, 'GET', '/metrics', { token: TOKEN });
      expect(sample(res.body, 'quorum_submissions_total{outcome="accepted"}')).toBe(0);
    } finally {
      await other.close();
    }
  });
});
