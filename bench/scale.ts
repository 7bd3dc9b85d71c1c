// `npm run bench:scale`: submissions per second against one Quorum instance and against two, both on PostgreSQL
// with Redis, as several instances run behind a load balancer.
//
// Creates a fresh PostgreSQL database (dropped afterwards) holding one active 10-question survey, starts one
// server on it (apps/server/src/server.ts, as `npm start` does) with REDIS_URL set, and drives
// POST /api/surveys/:id/responses from CONNECTIONS keep-alive connections for SECONDS, RUNS times after a warm-up.
// Then starts two servers on the same database and Redis and does the same, the load script sending each request
// to the next server in turn (round-robin). Prints accepted responses per second of every run, the medians and the
// ratio two/one, then checks that the stored count equals the number of 201 answers.
//
// On one machine both servers, PostgreSQL, Redis and the load script share the same cores: the ratio shows what
// the shared database and Redis cost, not how far more machines would go.
//
// Options (environment): BENCH_DATABASE_URL (a PostgreSQL server to create the database on; default
// TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default REDIS_URL, else
// redis://127.0.0.1:6379), BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_CONNECTIONS (64), BENCH_WARMUP_SECONDS (3),
// BENCH_LOG_LEVEL (warn).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { freePort } from '@quorum/test-support/ports';
import { spawnServer, waitForOk, type RunningServer } from '@quorum/test-support/processes';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { createTokenService } from '../apps/server/src/modules/auth/tokens';
import { BENCH_JWT_SECRET, storedCounts } from './lib/quorum-server';
import { FESTIVAL_QUESTIONS, randomFestivalResponse } from './lib/festival-survey';
import { median, printTable } from './lib/report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A new database on the PostgreSQL server of ADMIN_URL; its address and how to drop it. */
async function createDatabase() {
  const name = `quorum_bench_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

interface LoadResult {
  created: number;
  other: number;
  errors: number;
  seconds: number;
}

/**
 * CONNECTIONS loops, each on its own keep-alive socket, POSTing one body after another for `seconds`; request n
 * goes to origin n mod the number of origins. Every request sent is awaited, so none is cut off.
 */
async function drive(origins: string[], path: string, bodies: string[], seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const result: LoadResult = { created: 0, other: 0, errors: 0, seconds };
  const deadline = Date.now() + seconds * 1000;
  let next = 0;
  const post = (origin: string, body: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        `${origin}${path}`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const n = next++;
        const status = await post(origins[n % origins.length]!, bodies[n % bodies.length]!);
        if (status === 201) result.created += 1;
        else if (status === 0) result.errors += 1;
        else result.other += 1;
      }
    }),
  );
  result.seconds = (Date.now() - started) / 1000;
  agent.destroy();
  return result;
}

async function startInstances(count: number, databaseUrl: string): Promise<RunningServer[]> {
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i += 1) {
    const port = await freePort();
    const server = spawnServer(port, {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      JWT_SECRET: BENCH_JWT_SECRET,
      SUBMIT_RATE_LIMIT: '1000000000',
      LOG_LEVEL,
    });
    servers.push(server);
    await waitForOk(`${server.baseURL}/api/health`, server);
  }
  return servers;
}

async function main() {
  console.log(
    `bench:scale — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ` +
      `${CONNECTIONS} connections, ${RUNS} runs of ${SECONDS} s per setup, PostgreSQL + Redis`,
  );
  const database = await createDatabase();
  const bodies = Array.from({ length: 5000 }, () => randomFestivalResponse({ maxWords: 20, ratingsAsStrings: 0 }));
  let acknowledged = 0;
  let failures = 0;
  const medians = new Map<number, number>();
  const rows: Array<Record<string, string | number>> = [];
  try {
    const db = openDatabase({ kind: 'postgres', url: database.url });
    let surveyId: string;
    try {
      await migrateToLatest(db);
      const ctx = { db, clock: systemClock, tokens: createTokenService(BENCH_JWT_SECRET, 24) };
      const owner = await createUser(ctx, { name: 'Bench Owner' });
      surveyId = (
        await createSurvey(ctx, owner.id, {
          title: 'Festival feedback',
          questions: FESTIVAL_QUESTIONS,
          state: 'active',
        })
      ).id;
    } finally {
      await db.close();
    }
    const path = `/api/surveys/${surveyId}/responses`;

    for (const instances of [1, 2]) {
      const servers = await startInstances(instances, database.url);
      try {
        const origins = servers.map((s) => s.baseURL);
        const warm = await drive(origins, path, bodies, WARMUP_SECONDS);
        acknowledged += warm.created;
        const rates: number[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const r = await drive(origins, path, bodies, SECONDS);
          acknowledged += r.created;
          failures += r.other + r.errors;
          const rate = Math.round(r.created / r.seconds);
          rates.push(rate);
          rows.push({ instances, run, 'accepted/s': rate, '201s': r.created, 'non-201': r.other, errors: r.errors });
        }
        medians.set(instances, median(rates));
      } finally {
        for (const server of servers) await server.stop();
      }
    }

    printTable(`Submitting responses on PostgreSQL + Redis (${CONNECTIONS} connections, round-robin)`, rows);
    const one = medians.get(1)!;
    const two = medians.get(2)!;
    console.log(
      `\nmedian accepted/s: one instance ${one}, two instances ${two}; ratio two/one ${(two / one).toFixed(2)}`,
    );

    const stored = await storedCounts({ kind: 'postgres', url: database.url }, surveyId, 'q01');
    const ok = stored.responseCount === acknowledged && stored.rows === acknowledged;
    console.log(
      `stored: response_count ${stored.responseCount}, response rows ${stored.rows}; 201 answers (warm-ups included): ` +
        `${acknowledged} → ${ok ? 'equal' : 'MISMATCH'}`,
    );
    if (!ok || failures > 0) process.exitCode = 1;
  } finally {
    await database.drop();
  }
}

await main();
