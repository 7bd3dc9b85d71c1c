// `npm run bench:submit`: how many responses per second the server accepts and stores, on SQLite and (when
// DATABASE_URL is set) on PostgreSQL, against a bare Fastify route measured in the same run.
//
// For each target — the bare route (bench/lib/bare-server.ts: parse the same JSON body, answer 201, nothing else),
// Quorum on SQLite (a fresh temporary DATA_DIR) and Quorum on PostgreSQL (a fresh database created on the server
// DATABASE_URL points at, dropped afterwards) — it starts one server process (apps/server/src/server.ts, as
// `npm start` does), seeds one active 10-question survey, and drives POST /api/surveys/:id/responses with
// autocannon at each connection count (20 and 100 by default): a warm-up, then the measured run, with valid and
// varied answers and the rate limit raised. It prints accepted responses per second, p50/p99 latency, errors and
// non-201 answers, the ratio to the bare route at the same connection count, and for Quorum the group commits
// (mean batch size and mean transaction time, from the server's metrics). Finally, per database, the stored count
// (`surveys.response_count`, the `responses` rows and question 1's `question_totals.answered`) must equal the number
// of 201 answers of all its runs, warm-ups included, or the script fails.
//
// Options (environment): BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS ("20,100"),
// BENCH_TARGETS ("bare,sqlite,postgres"; postgres only with DATABASE_URL), DATABASE_URL (a PostgreSQL server and a
// database to connect to for creating the run's own), BENCH_LOG_LEVEL (warn; the server's LOG_LEVEL),
// BENCH_SERVER_NODE_ARGS (extra Node flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
//
// To end a run without cutting requests off mid-flight (autocannon destroys its sockets when it stops, and a
// submission cut off that way may still be stored), the connections switch to GET /api/health when the time is
// up, and autocannon is stopped once every submission sent has been answered. The stored count must then equal
// the count of 201s exactly.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@quorum/test-support/ports';
import { repoRoot, startProcess, waitForOk, type RunningProcess } from '@quorum/test-support/processes';
import {
  createPostgresDatabase,
  seedActiveSurvey,
  startQuorum,
  type BenchDatabase,
  storedCounts,
} from './lib/quorum-server';
import { FESTIVAL_QUESTIONS, randomFestivalResponse } from './lib/festival-survey';
import { percentile, printTable } from './lib/report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTION_COUNTS = (process.env.BENCH_CONNECTIONS ?? '20,100')
  .split(',')
  .map((c) => Number(c.trim()))
  .filter((c) => c > 0);
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'bare,sqlite,postgres').split(',').map((t) => t.trim()));
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

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
 * Drives POSTs for `seconds` over `connections` connections, then GETs of `tailPath` until every POST sent has been
 * answered, so that stopping autocannon (which destroys its sockets) never cuts a submission off.
 */
async function drive(
  origin: string,
  postPath: string,
  tailPath: string,
  bodies: string[],
  connections: number,
  seconds: number,
) {
  let posting = true;
  let sent = 0;
  let answered = 0;
  const result: DriveResult = { created: 0, seconds, latencies: [], otherStatuses: {}, errors: 0, timeouts: 0 };
  let timer: NodeJS.Timeout | undefined;
  const summary = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
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

const failuresOf = (r: DriveResult) =>
  r.errors + r.timeouts + Object.values(r.otherStatuses).reduce((a, b) => a + b, 0);

/** The group commits so far, from the server's metrics listener: how many, responses carried, seconds spent. */
async function groupCommits(metricsPort: number): Promise<{ count: number; size: number; seconds: number }> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    count: value('quorum_submission_batch_size_count'),
    size: value('quorum_submission_batch_size_sum'),
    seconds: value('quorum_submission_commit_seconds_sum'),
  };
}

interface Measured {
  target: string;
  connections: number;
  result: DriveResult;
  /** Mean responses per group commit and mean transaction time (ms) during the measured run; Quorum only. */
  batches?: { meanSize: number; meanMs: number };
}

/** Starts a server, then for each connection count: a warm-up and a measured run. Returns the 201s of all runs. */
async function measure(
  target: string,
  start: () => Promise<{
    proc: RunningProcess;
    origin: string;
    postPath: string;
    tailPath: string;
    metricsPort?: number;
  }>,
  bodies: string[],
  out: Measured[],
): Promise<number> {
  const { proc, origin, postPath, tailPath, metricsPort } = await start();
  let created = 0;
  try {
    for (const connections of CONNECTION_COUNTS) {
      const warm = await drive(origin, postPath, tailPath, bodies, connections, WARMUP_SECONDS);
      created += warm.created;
      const before = metricsPort ? await groupCommits(metricsPort) : undefined;
      const result = await drive(origin, postPath, tailPath, bodies, connections, SECONDS);
      created += result.created;
      const after = metricsPort ? await groupCommits(metricsPort) : undefined;
      const batches =
        before && after && after.count > before.count
          ? {
              meanSize: (after.size - before.size) / (after.count - before.count),
              meanMs: ((after.seconds - before.seconds) / (after.count - before.count)) * 1000,
            }
          : undefined;
      out.push({ target, connections, result, batches });
      if (result.created === 0) console.error(proc.output());
    }
  } finally {
    await proc.stop();
  }
  return created;
}

/** The stored counts of the survey must all equal the 201 answers. */
async function checkStored(name: string, database: BenchDatabase, surveyId: string, acknowledged: number) {
  const stored = await storedCounts(database, surveyId, 'q01');
  const ok = [stored.responseCount, stored.rows, stored.firstAnswered].every((n) => n === acknowledged);
  console.log(
    `${name}: stored response_count ${stored.responseCount}, response rows ${stored.rows}, question 1 answered ` +
      `${stored.firstAnswered}; 201 answers (warm-ups included) ${acknowledged} → ${ok ? 'equal' : 'MISMATCH'}`,
  );
  return ok;
}

async function main() {
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `bench:submit — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ` +
      `connections ${CONNECTION_COUNTS.join(' and ')}, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each, ` +
      `server LOG_LEVEL=${LOG_LEVEL}, load average ${load.join(' ')}`,
  );
  const bodies = Array.from({ length: 5000 }, () => randomFestivalResponse({ maxWords: 30, ratingsAsStrings: 0.2 }));
  const measured: Measured[] = [];
  const checks: Array<() => Promise<boolean>> = [];
  const cleanups: Array<() => Promise<void>> = [];

  const quorumOn = async (name: string, database: BenchDatabase, dataDir: string) => {
    const { surveyId } = await seedActiveSurvey(database, {
      title: 'Festival feedback',
      projectName: 'Bench',
      questions: FESTIVAL_QUESTIONS,
    });
    const created = await measure(
      name,
      async () => {
        const port = await freePort();
        const metricsPort = await freePort();
        const env: Record<string, string> = {
          SUBMIT_RATE_LIMIT: '1000000000',
          LOG_LEVEL,
          METRICS_PORT: String(metricsPort),
        };
        if (database.kind === 'postgres') env.DATABASE_URL = database.url;
        const proc = startQuorum(port, dataDir, env, NODE_ARGS);
        const origin = `http://127.0.0.1:${port}`;
        await waitForOk(`${origin}/api/health`, proc);
        return { proc, origin, postPath: `/api/surveys/${surveyId}/responses`, tailPath: '/api/health', metricsPort };
      },
      bodies,
      measured,
    );
    checks.push(() => checkStored(name, database, surveyId, created));
  };

  try {
    if (TARGETS.has('bare')) {
      await measure(
        'bare',
        async () => {
          const port = await freePort();
          const proc = startProcess({
            node: [path.join(repoRoot, 'bench/lib/bare-server.ts'), String(port)],
            nodeArgs: NODE_ARGS,
          });
          await waitForOk(`http://127.0.0.1:${port}/health`, proc);
          return { proc, origin: `http://127.0.0.1:${port}`, postPath: '/bare', tailPath: '/health' };
        },
        bodies,
        measured,
      );
    }
    if (TARGETS.has('sqlite')) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-submit-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      await quorumOn('sqlite', { kind: 'sqlite', dataDir }, dataDir);
    }
    if (TARGETS.has('postgres') && DATABASE_URL) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-submit-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const fresh = await createPostgresDatabase(DATABASE_URL);
      cleanups.push(() => fresh.drop());
      await quorumOn('postgres', { kind: 'postgres', url: fresh.url }, dataDir);
    }

    const bareAt = new Map(measured.filter((m) => m.target === 'bare').map((m) => [m.connections, m.result]));
    printTable(
      `Submitting responses (${WARMUP_SECONDS} s warm-up + ${SECONDS} s per row; load average at start ${load.join(' ')})`,
      measured.map(({ target, connections, result, batches }) => {
        const bare = bareAt.get(connections);
        return {
          target,
          connections,
          'accepted/s': Math.round(result.created / result.seconds),
          'p50 ms': percentile(result.latencies, 50) ?? 0,
          'p99 ms': percentile(result.latencies, 99) ?? 0,
          'errors/non-201': `${result.errors + result.timeouts} / ${failuresOf(result) - result.errors - result.timeouts}`,
          'ratio to bare': bare && target !== 'bare' ? `${((result.created / bare.created) * 100).toFixed(1)} %` : '',
          'batch mean': batches ? Number(batches.meanSize.toFixed(1)) : '',
          'commit ms': batches ? Number(batches.meanMs.toFixed(2)) : '',
        };
      }),
    );
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );

    let ok = true;
    for (const check of checks) if (!(await check())) ok = false;
    const failed = measured.filter((m) => failuresOf(m.result) > 0);
    for (const m of failed) {
      console.error(
        `${m.target} at ${m.connections}: errors or non-201 answers ${JSON.stringify(m.result.otherStatuses)}`,
      );
    }
    if (!ok || failed.length > 0) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  }
}

await main();
