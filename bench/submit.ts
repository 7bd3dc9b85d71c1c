// `npm run bench:submit`: how many responses per second the server accepts and stores on SQLite.
//
// Starts the server (apps/server/src/server.ts, as `npm start` does) on a fresh SQLite database
// holding one active 10-question survey, drives POST /api/surveys/:id/responses with autocannon
// (100 connections, 20 s, valid and varied answers, the rate limit raised for the run), and then
// drives a bare Fastify route on the same machine the same way, as the yardstick. Prints accepted
// responses per second, p50/p99 latency, errors and the ratio to the bare route, then checks that
// the stored count equals the number of 201 answers.
//
// Options (environment): BENCH_SECONDS (20), BENCH_CONNECTIONS (100), BENCH_WARMUP_SECONDS (3),
// BENCH_LOG_LEVEL (warn; the server's LOG_LEVEL), BENCH_SKIP_BARE=1, BENCH_SERVER_NODE_ARGS (extra
// Node flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
//
// To end a run without cutting requests off mid-flight (autocannon destroys its sockets when it
// stops, and a submission cut off that way may still be stored), the connections switch to
// GET /api/health when the time is up, and autocannon is stopped once every submission sent has
// been answered. The stored count must then equal the count of 201s exactly.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@quorum/test-support/ports';
import { repoRoot, startProcess, waitForOk } from '@quorum/test-support/processes';
import { openDatabase } from '../apps/server/src/db/database';
import { seedActiveSurvey, startQuorum } from './lib/quorum-server';
import { FESTIVAL_QUESTIONS, randomFestivalResponse } from './lib/festival-survey';
import { percentile, printTable } from './lib/report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

interface DriveResult {
  created: number;
  seconds: number;
  latencies: number[];
  /** Answers other than 201 to the POSTs, by status. */
  otherStatuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

/**
 * Drives POSTs for `seconds`, then GETs of `tailPath` until every POST sent has been answered, so
 * that stopping autocannon (which destroys its sockets) never cuts a submission off.
 */
async function drive(origin: string, postPath: string, tailPath: string, bodies: string[], seconds: number) {
  let posting = true;
  let sent = 0;
  let answered = 0;
  const result: DriveResult = { created: 0, seconds, latencies: [], otherStatuses: {}, errors: 0, timeouts: 0 };
  let timer: NodeJS.Timeout | undefined;
  const summary = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: seconds + 120,
        requests: [
          {
            method: 'POST',
            path: postPath,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              if (!posting) return { ...request, method: 'GET', path: tailPath, body: undefined, headers: {} };
              sent += 1;
              return { ...request, method: 'POST', path: postPath, body: bodies[sent % bodies.length] };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    const stopWhenAllAnswered = () => {
      if (!posting && answered >= sent) instance.stop();
    };
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) return;
      answered += 1;
      if (statusCode === 201) {
        result.created += 1;
        result.latencies.push(responseTime);
      } else {
        result.otherStatuses[statusCode] = (result.otherStatuses[statusCode] ?? 0) + 1;
      }
      stopWhenAllAnswered();
    });
    instance.on('reqError', () => {
      answered += 1;
      stopWhenAllAnswered();
    });
    timer = setTimeout(() => {
      posting = false;
      stopWhenAllAnswered();
    }, seconds * 1000);
  });
  clearTimeout(timer);
  result.errors = summary.errors;
  result.timeouts = summary.timeouts;
  return result;
}

async function main() {
  console.log(
    `bench:submit — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ` +
      `${CONNECTIONS} connections, ${SECONDS} s per run, server LOG_LEVEL=${LOG_LEVEL}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-submit-'));
  const bodies = Array.from({ length: 5000 }, () => randomFestivalResponse({ maxWords: 30, ratingsAsStrings: 0.2 }));

  // A fresh database with one active 10-question survey.
  const { surveyId } = await seedActiveSurvey(dataDir, {
    title: 'Festival feedback',
    projectName: 'Bench',
    questions: FESTIVAL_QUESTIONS,
  });

  const rows: Array<Record<string, string | number>> = [];
  const addRow = (name: string, r: DriveResult) => {
    const other = Object.values(r.otherStatuses).reduce((a, b) => a + b, 0);
    rows.push({
      target: name,
      'accepted/s': Math.round(r.created / r.seconds),
      'p50 ms': percentile(r.latencies, 50),
      'p99 ms': percentile(r.latencies, 99),
      '201s': r.created,
      'non-201': other,
      errors: r.errors + r.timeouts,
    });
  };

  // Quorum.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startQuorum(port, dataDir, { SUBMIT_RATE_LIMIT: '1000000000', LOG_LEVEL }, nodeArgs);
  let quorum: DriveResult;
  let warm: DriveResult;
  try {
    await waitForOk(`${origin}/api/health`, server);
    const postPath = `/api/surveys/${surveyId}/responses`;
    warm = await drive(origin, postPath, '/api/health', bodies, WARMUP_SECONDS);
    quorum = await drive(origin, postPath, '/api/health', bodies, SECONDS);
  } finally {
    await server.stop();
  }
  addRow('Quorum POST /api/surveys/:id/responses', quorum);
  if (quorum.created === 0) console.error(server.output());

  // The bare route.
  let bare: DriveResult | undefined;
  if (!process.env.BENCH_SKIP_BARE) {
    const barePort = await freePort();
    const bareServer = startProcess({
      node: [path.join(repoRoot, 'bench/lib/bare-server.ts'), String(barePort)],
      nodeArgs,
    });
    try {
      await waitForOk(`http://127.0.0.1:${barePort}/health`, bareServer);
      await drive(`http://127.0.0.1:${barePort}`, '/bare', '/health', bodies, WARMUP_SECONDS);
      bare = await drive(`http://127.0.0.1:${barePort}`, '/bare', '/health', bodies, SECONDS);
    } finally {
      await bareServer.stop();
    }
    addRow('bare Fastify POST (yardstick)', bare);
  }

  printTable(`Submitting responses (${CONNECTIONS} connections, ${SECONDS} s each)`, rows);
  if (bare) {
    console.log(`\nratio to the bare route: ${((quorum.created / bare.created) * 100).toFixed(1)} %`);
  }

  // The stored count must equal the number of 201 answers (warm-up included).
  const check = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'quorum.db') });
  const survey = await check.kysely
    .selectFrom('surveys')
    .select('response_count')
    .where('id', '=', surveyId)
    .executeTakeFirstOrThrow();
  const { rowCount } = await check.kysely
    .selectFrom('responses')
    .select((eb) => eb.fn.countAll<number>().as('rowCount'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  const q1 = await check.kysely
    .selectFrom('question_totals')
    .select('answered')
    .where('survey_id', '=', surveyId)
    .where('question_id', '=', 'q01')
    .executeTakeFirst();
  await check.close();
  rmSync(dataDir, { recursive: true, force: true });

  const acknowledged = warm.created + quorum.created;
  const stored = [survey.response_count, Number(rowCount), q1?.answered ?? 0];
  const ok = stored.every((n) => n === acknowledged);
  console.log(
    `\nstored: response_count ${stored[0]}, response rows ${stored[1]}, question 1 answered ${stored[2]}; ` +
      `201 answers (warm-up included): ${acknowledged} → ${ok ? 'equal' : 'MISMATCH'}`,
  );
  const failures = quorum.errors + quorum.timeouts + Object.values(quorum.otherStatuses).reduce((a, b) => a + b, 0);
  if (!ok || failures > 0) {
    console.error(failures > 0 ? `errors or non-201 answers: ${JSON.stringify(quorum.otherStatuses)}` : '');
    process.exit(1);
  }
}

await main();
