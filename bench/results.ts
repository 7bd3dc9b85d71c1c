// `npm run bench:results`: results and CSV export at a million responses, on SQLite.
//
// Seeds one active survey with 6 questions (all four types) into a temporary SQLite database through
// the write path's batch form (recordResponses, the same code a submission runs), then starts the server
// (apps/server/src/server.ts, as `npm start` does) and measures, over real HTTP from this process:
//   - GET /api/surveys/:id/results, 200 requests one after another (after 20 warm-ups): p50 and p99,
//     at 1,000 responses and again at 1,000,000, with how many "Other" texts q6 lists of how many gave one (q6
//     offers "Other", chosen by about one response in OTHER_EVERY: the rare "Other" a results request must still
//     list);
//   - filtered results (GET /api/surveys/:id/results?filters=…, ?from=&to=, ?hideFlagged=true) at 100,000
//     responses: p50 and p99 over BENCH_FILTERED_REQUESTS requests (after 3 warm-ups) per filter;
//   - GET /api/surveys/:id/results.csv and results.xlsx for all of them: rows per second, MB per second, and the
//     server's resident memory (RSS, sampled every 10 ms from /proc) before and at its peak during the export.
// Aims: results p50 under 20 ms at a million; filtered results p50 under 200 ms at 100,000; the CSV export at
// least 100,000 rows/s, both exports with under 100 MB growth.
//
// Options (environment): BENCH_RESPONSES (1000000), BENCH_SMALL (1000), BENCH_REQUESTS (200),
// BENCH_FILTERED_AT (100000), BENCH_FILTERED_REQUESTS (40), BENCH_XLSX=0 skips the XLSX export,
// BENCH_LOG_LEVEL (warn), BENCH_KEEP=1 keeps the temporary database and prints its folder.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIVE_POINT_SCALE, TEN_POINT_SCALE, type AnswerValue, type Question } from '@quorum/contract';
import { question } from '@quorum/test-support/factories';
import { freePort } from '@quorum/test-support/ports';
import { waitForOk } from '@quorum/test-support/processes';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
import type { NewResponse } from '../apps/server/src/modules/responses/responses.repository';
import { recordResponses } from '../apps/server/src/projections';
import { seedActiveSurvey, startQuorum } from './lib/quorum-server';
import { percentile, printTable } from './lib/report';

const LARGE = Number(process.env.BENCH_RESPONSES ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const FILTERED_AT = Math.min(LARGE, Number(process.env.BENCH_FILTERED_AT ?? 100_000));
const FILTERED_REQUESTS = Number(process.env.BENCH_FILTERED_REQUESTS ?? 40);
const XLSX = process.env.BENCH_XLSX !== '0';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const BATCH = 5_000;
/** About one response in this many answers q6 in its own words. */
const OTHER_EVERY = 1_000;

// Short ids keep the stored answers as small as in earlier runs.
const QUESTIONS: Question[] = [
  question.multipleChoice('Which day did you attend?', ['Friday', 'Saturday', 'Sunday'], 'q1'),
  question.checkbox('What did you enjoy?', ['Food', 'Sound', 'Tickets', 'Staff', 'Venue'], 'q2'),
  question.text('What should we improve?', 'q3'),
  question.rating('How was the sound?', FIVE_POINT_SCALE, 'q4'),
  question.rating('Would you recommend us?', TEN_POINT_SCALE, 'q5'),
  {
    id: 'q6',
    text: 'How did you hear about us?',
    type: 'multiple_choice',
    options: ['Friends', 'Radio', 'Web', 'Poster'],
    allowOther: true,
  },
];

/** A small seeded generator, so every run stores the same answers. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}
const random = generator(42);
const WORDS = 'great loud crowded friendly, cheap "tasty" late early clean long short bright warm cold fun'.split(' ');

function randomAnswers(): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  for (const q of QUESTIONS) {
    switch (q.type) {
      case 'multiple_choice':
        answers[q.id] =
          q.allowOther && random.next() < 1 / OTHER_EVERY
            ? `At the ${random.pick(WORDS)} stall`
            : random.pick(q.options);
        break;
      case 'checkbox': {
        const chosen = q.options.filter(() => random.next() < 0.4);
        answers[q.id] = chosen.length ? chosen : [random.pick(q.options)];
        break;
      }
      case 'text':
        answers[q.id] = Array.from({ length: 3 + Math.floor(random.next() * 20) }, () => random.pick(WORDS)).join(' ');
        break;
      case 'rating':
        answers[q.id] = q.ratingScale.min + Math.floor(random.next() * (q.ratingScale.max - q.ratingScale.min + 1));
        break;
    }
  }
  return answers;
}

/** Adds responses through recordResponses in batches; submitted times run forward one second apart. */
async function seed(db: Db, surveyId: string, from: number, to: number): Promise<number> {
  const started = performance.now();
  const base = Date.UTC(2026, 0, 1);
  for (let done = from; done < to; done += BATCH) {
    const items: NewResponse[] = [];
    for (let i = done; i < Math.min(to, done + BATCH); i += 1) {
      items.push({ id: newId(), submittedAt: new Date(base + i * 1000).toISOString(), answers: randomAnswers() });
    }
    await recordResponses(db, surveyId, QUESTIONS, items);
    if (Math.floor(done / 100_000) !== Math.floor((done + BATCH) / 100_000)) {
      process.stdout.write(`  seeded ${(done + BATCH).toLocaleString('en-US')} responses\r`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (to - from >= 100_000) process.stdout.write('\n');
  return seconds;
}

/**
 * What a submission stores for the quality flags, on the seeded responses: a completion time for each (some very
 * fast) and its counters, and a text fingerprint (some repeating an earlier one), so hideFlagged has work.
 */
async function markQualityColumns(db: Db, surveyId: string): Promise<void> {
  const responses = () => db.kysely.updateTable('responses').where('survey_id', '=', surveyId);
  await responses()
    .set((eb) => ({ duration_ms: 60_000, text_hash: eb.ref('id') }))
    .execute();
  // Ids end in random hex digits: about one in 16 is a speeder, one in 256 repeats an earlier text.
  await responses().set({ duration_ms: 5_000 }).where('id', 'like', '%0').execute();
  await responses().set({ text_hash: 'repeated' }).where('id', 'like', '%00').execute();
  await db.kysely.deleteFrom('completion_times').where('survey_id', '=', surveyId).execute();
  await db.kysely.insertInto('completion_times').values({ survey_id: surveyId, seconds: 60, count: 1000 }).execute();
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startQuorum(port, dataDir, { LOG_LEVEL });
  await waitForOk(`${origin}/api/health`, server);
  return { origin, pid: server.child.pid!, stop: server.stop };
}

async function timeResults(
  origin: string,
  surveyId: string,
  token: string,
  expectTotal: number,
  options: { query?: string; warmUps?: number; requests?: number } = {},
) {
  const url = `${origin}/api/surveys/${surveyId}/results${options.query ? `?${options.query}` : ''}`;
  const headers = { authorization: `Bearer ${token}` };
  const warmUps = options.warmUps ?? 20;
  const requests = options.requests ?? REQUESTS;
  const times: number[] = [];
  let matching = 0;
  let other = '';
  for (let i = 0; i < warmUps + requests; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as {
      totalResponses: number;
      matchingResponses: number;
      questions?: Array<{ otherTexts?: { texts: string[]; total: number } }>;
    };
    const elapsed = performance.now() - started;
    if (!res.ok || body.totalResponses !== expectTotal) {
      throw new Error(`GET /results answered ${res.status} with ${JSON.stringify(body).slice(0, 300)}`);
    }
    matching = body.matchingResponses;
    const texts = body.questions?.find((q) => q.otherTexts)?.otherTexts;
    other = texts ? `${texts.texts.length} of ${texts.total}` : '—';
    if (i >= warmUps) times.push(elapsed);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), matching, other };
}

/** The filters measured at BENCH_FILTERED_AT responses (seeded one second apart from 2026-01-01). */
function filteredQueries(count: number): Array<{ name: string; query: string }> {
  const half = new Date(Date.UTC(2026, 0, 1) + Math.floor(count / 2) * 1000).toISOString();
  const filters = (conditions: unknown[]) => `filters=${encodeURIComponent(JSON.stringify(conditions))}`;
  return [
    { name: 'q1 equals Friday', query: filters([{ questionId: 'q1', operator: 'equals', value: 'Friday' }]) },
    {
      name: 'q2 includes Food and q4 > 3',
      query: filters([
        { questionId: 'q2', operator: 'includes', value: 'Food' },
        { questionId: 'q4', operator: 'greater_than', value: 3 },
      ]),
    },
    { name: 'from (newer half)', query: `from=${half}` },
    { name: 'hideFlagged', query: 'hideFlagged=true' },
  ];
}

/** Streams the whole CSV or XLSX export, counting bytes (and the CSV's rows), while sampling the server's memory. */
async function timeExport(origin: string, pid: number, surveyId: string, token: string, format: 'csv' | 'xlsx') {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const started = performance.now();
  const res = await fetch(`${origin}/api/surveys/${surveyId}/results.${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`the export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  return { bytes, lines, seconds, before, peak };
}

async function main() {
  console.log(
    `bench:results — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, ` +
      `SQLite, ${REQUESTS} sequential requests per size, server LOG_LEVEL=${LOG_LEVEL}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-results-'));
  const file = path.join(dataDir, 'quorum.db');
  const { surveyId, token } = await seedActiveSurvey(dataDir, {
    title: 'Festival feedback',
    projectName: 'Bench',
    questions: QUESTIONS,
  });
  let db = openDatabase({ kind: 'sqlite', file });

  const rows: Array<Record<string, string | number>> = [];
  let smallSeed = await seed(db, surveyId, 0, SMALL);
  await db.close();

  let server = await startServer(dataDir);
  try {
    const small = await timeResults(server.origin, surveyId, token, SMALL);
    rows.push({
      responses: SMALL,
      'GET /results p50 ms': small.p50,
      'p99 ms': small.p99,
      'q6 Other texts': small.other,
    });
  } finally {
    await server.stop();
  }

  const filteredRows: Array<Record<string, string | number>> = [];
  if (FILTERED_AT > SMALL) {
    console.log(`seeding ${(FILTERED_AT - SMALL).toLocaleString('en-US')} more responses through recordResponses…`);
    db = openDatabase({ kind: 'sqlite', file });
    smallSeed += await seed(db, surveyId, SMALL, FILTERED_AT);
    await markQualityColumns(db, surveyId);
    await db.close();
    server = await startServer(dataDir);
    try {
      for (const { name, query } of filteredQueries(FILTERED_AT)) {
        const timed = await timeResults(server.origin, surveyId, token, FILTERED_AT, {
          query,
          warmUps: 3,
          requests: FILTERED_REQUESTS,
        });
        filteredRows.push({ filter: name, matching: timed.matching, 'p50 ms': timed.p50, 'p99 ms': timed.p99 });
      }
    } finally {
      await server.stop();
    }
  }

  console.log(`seeding ${(LARGE - Math.max(SMALL, FILTERED_AT)).toLocaleString('en-US')} more responses…`);
  db = openDatabase({ kind: 'sqlite', file });
  const largeSeed = await seed(db, surveyId, Math.max(SMALL, FILTERED_AT), LARGE);
  await db.close();
  smallSeed += largeSeed;
  console.log(
    `seeded ${LARGE.toLocaleString('en-US')} responses in ${smallSeed.toFixed(1)} s (${Math.round(LARGE / smallSeed).toLocaleString('en-US')}/s)`,
  );

  server = await startServer(dataDir);
  let exported: Awaited<ReturnType<typeof timeExport>>;
  let workbook: Awaited<ReturnType<typeof timeExport>> | undefined;
  try {
    const large = await timeResults(server.origin, surveyId, token, LARGE);
    rows.push({
      responses: LARGE,
      'GET /results p50 ms': large.p50,
      'p99 ms': large.p99,
      'q6 Other texts': large.other,
    });
    exported = await timeExport(server.origin, server.pid, surveyId, token, 'csv');
    if (XLSX) workbook = await timeExport(server.origin, server.pid, surveyId, token, 'xlsx');
  } finally {
    await server.stop();
  }

  printTable('GET /api/surveys/:id/results (sequential, over HTTP on loopback)', rows);
  if (filteredRows.length > 0) {
    printTable(
      `Filtered GET /api/surveys/:id/results at ${FILTERED_AT.toLocaleString('en-US')} responses (one pass over them)`,
      filteredRows,
    );
  }
  const dataRows = exported.lines - 1;
  const exportRow = (format: string, timed: Awaited<ReturnType<typeof timeExport>>) => ({
    format,
    rows: dataRows,
    seconds: Number(timed.seconds.toFixed(2)),
    'rows/s': Math.round(dataRows / timed.seconds),
    MB: Number((timed.bytes / 1e6).toFixed(1)),
    'MB/s': Number((timed.bytes / 1e6 / timed.seconds).toFixed(1)),
    'server RSS before MB': Math.round(timed.before),
    'peak MB': Math.round(timed.peak),
    'growth MB': Math.round(timed.peak - timed.before),
  });
  printTable('Export of every response (GET /api/surveys/:id/results.csv and .xlsx)', [
    exportRow('csv', exported),
    ...(workbook ? [exportRow('xlsx', workbook)] : []),
  ]);

  if (process.env.BENCH_KEEP) console.log(`\nthe database is kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });

  if (dataRows !== LARGE) {
    console.error(`the export held ${dataRows} rows, expected ${LARGE}`);
    process.exit(1);
  }
}

await main();
