// `npm run bench:insights`: does reading text insights hold back the server's other requests?
//
// Seeds one active survey with BENCH_ANSWERS (1,200) text answers of BENCH_CHARS (5,000) characters into a
// temporary SQLite database through the write path (recordResponses), starts the server as `npm start` does, and
// measures over real HTTP from this process:
//   - GET /api/health/live one after another for BENCH_HEALTH_MS with nothing else running (the baseline);
//   - the same while BENCH_CONCURRENT (4) insights requests run at once, BENCH_ROUNDS (3) times; each request has
//     a results filter of its own (`from` a different day long ago), so none is answered from a cache;
//   - each insights request's time.
// Prints the health check's median and p95 in both cases and their ratio, and the insights requests' median and
// slowest. Options (environment): the ones above, BENCH_LOG_LEVEL (warn), BENCH_KEEP=1 keeps the database folder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Question } from '@quorum/contract';
import { question } from '@quorum/test-support/factories';
import { freePort } from '@quorum/test-support/ports';
import { waitForOk } from '@quorum/test-support/processes';
import { openDatabase } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
import { recordResponses } from '../apps/server/src/projections';
import { seedActiveSurvey, startQuorum } from './lib/quorum-server';
import { median, percentile, printTable } from './lib/report';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1_200);
const CHARS = Number(process.env.BENCH_CHARS ?? 5_000);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HEALTH_MS = Number(process.env.BENCH_HEALTH_MS ?? 3_000);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

const text = question.text('What should we improve?', 'q1');
const QUESTIONS: Question[] = [text];
const SENTENCES = [
  'The delivery was late and the box was damaged.',
  'Friendly staff at the front desk helped me quickly.',
  'Prices are too high for the quality of the food.',
  'Customer service answered my questions within minutes.',
  'The parking was full and the signs were confusing.',
  'I loved the music but the sound was too loud.',
];

/** Answer `i`: sentences in a rotating order, cut to CHARS characters. */
function answer(i: number): string {
  let out = `Answer ${i}.`;
  for (let k = i; out.length < CHARS; k += 1) out += ` ${SENTENCES[k % SENTENCES.length]}`;
  return out.slice(0, CHARS);
}

async function seed(dataDir: string): Promise<{ surveyId: string; token: string }> {
  const seeded = await seedActiveSurvey(dataDir, {
    title: 'Insights bench',
    projectName: 'Bench',
    questions: QUESTIONS,
  });
  const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'quorum.db') });
  try {
    for (let i = 0; i < ANSWERS; i += 100) {
      const batch = Array.from({ length: Math.min(100, ANSWERS - i) }, (_, k) => ({
        id: newId(),
        submittedAt: new Date().toISOString(),
        answers: { [text.id]: answer(i + k) },
      }));
      await recordResponses(db, seeded.surveyId, QUESTIONS, batch);
    }
  } finally {
    await db.close();
  }
  return seeded;
}

/** Health checks one after another until `until()` is true (or for HEALTH_MS): each one's milliseconds. */
async function probeHealth(origin: string, until: () => boolean, ms = HEALTH_MS): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + ms;
  while (!until() && Date.now() < end) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/health/live`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-insights-'));
  const { surveyId, token } = await seed(dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startQuorum(port, dataDir, { LOG_LEVEL });
  let day = 0;
  /** One insights request with a filter no other request had: never answered from a cache. */
  const insights = async (): Promise<{ ms: number; status: number; analysed: number }> => {
    day += 1;
    const from = new Date(Date.UTC(2000, 0, day)).toISOString().slice(0, 10);
    const started = performance.now();
    const res = await fetch(`${origin}/api/surveys/${surveyId}/results/insights?questionId=${text.id}&from=${from}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { answerCount?: number };
    return { ms: performance.now() - started, status: res.status, analysed: body.answerCount ?? 0 };
  };
  try {
    await waitForOk(`${origin}/api/health`, server);
    // Warm-up: the language model loads on the first analysis; the health route gets hot.
    const warm = await insights();
    if (warm.status !== 200) throw new Error(`insights answered ${warm.status}`);

    await probeHealth(origin, () => false, 1_000);
    const baseline = await probeHealth(origin, () => false);
    const during: number[] = [];
    const calls: Array<{ ms: number; status: number; analysed: number }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let running = CONCURRENT;
      const batch = Array.from({ length: CONCURRENT }, () => insights().finally(() => (running -= 1)));
      during.push(...(await probeHealth(origin, () => running === 0)));
      calls.push(...(await Promise.all(batch)));
    }
    const ok = calls.filter((c) => c.status === 200);
    printTable(
      `GET /api/health/live, ${ANSWERS.toLocaleString('en-US')} answers of ${CHARS.toLocaleString('en-US')} characters`,
      [
        {
          case: 'nothing else running',
          requests: baseline.length,
          'p50 ms': median(baseline),
          'p95 ms': percentile(baseline, 95),
        },
        {
          case: `${CONCURRENT} insights at once`,
          requests: during.length,
          'p50 ms': median(during),
          'p95 ms': percentile(during, 95),
        },
      ],
    );
    console.log(
      `\nhealth while insights run: p50 ${(median(during) / median(baseline)).toFixed(1)}× and p95 ${(percentile(during, 95) / percentile(baseline, 95)).toFixed(1)}× the baseline`,
    );
    printTable(`GET …/results/insights, ${CONCURRENT} at once, ${ROUNDS} rounds`, [
      {
        answered: `${ok.length} of ${calls.length} (${calls.filter((c) => c.status === 503).length} busy)`,
        'answers analysed': ok[0]?.analysed ?? 0,
        'p50 ms': ok.length ? median(ok.map((c) => c.ms)) : 0,
        'max ms': ok.length ? Math.max(...ok.map((c) => c.ms)) : 0,
      },
    ]);
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP === '1') console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
