// `npm run bench:startup`: cold start and idle memory of the server, run the old way (TypeScript through the tsx
// loader, `node --import tsx apps/server/src/server.ts`) and from the production build (`node --enable-source-maps
// dist/server/server.js` with the flags `npm start` and the container use).
//
// Each run starts one process on a fresh, empty SQLite data folder (so the start includes creating the database and
// applying every migration) with the web app served from dist/web, and measures:
//   cold start  from spawning the process until GET /api/health first answers 200 (polled every 5 ms);
//   CPU         the processor time the process used until then (user + system, /proc/<pid>/stat): steadier
//               than the wall-clock time when the machine is busy with other work;
//   idle RSS    the process's resident memory (/proc/<pid>/status VmRSS) after it has idled for 2 s.
// The two ways alternate, BENCH_RUNS times each (default 7); the table gives the median and the range.
//
// Then memory under load, on the build only, BENCH_LOAD_RUNS times (default 3): a fresh database with one active
// 10-question survey, the server started as `npm start` starts it (SERVER_NODE_FLAGS, or BENCH_BUILD_NODE_ARGS to
// try other flags), the settled idle RSS after BENCH_SETTLE_SECONDS (default 60: the start-up jobs' garbage is
// collected and V8 shrinks its young generation within about a minute, so the 2 s figure above is not yet the
// idle size), then for BENCH_LOAD_SECONDS (default 20) autocannon drives submissions
// (BENCH_LOAD_CONNECTIONS, default 50, the rate limit raised) and, at the same time, the owner's results
// (10 connections), while VmRSS is sampled every 20 ms; the table gives the peak, the RSS after the load and the
// requests served per second (a flag that saves memory must not cost throughput).
// Builds dist/ first (the server always, the web app when missing). BENCH_RUNS=0 skips the cold starts,
// BENCH_LOAD_RUNS=0 the load.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort } from '@quorum/test-support/ports';
import { repoRoot, SERVER_NODE_FLAGS } from '@quorum/test-support/processes';
import { FESTIVAL_QUESTIONS, randomFestivalResponse } from './lib/festival-survey';
import { BENCH_JWT_SECRET, seedActiveSurvey } from './lib/quorum-server';
import { median, printTable } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const IDLE_MS = 2000;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60) * 1000;

const BUILD_NODE_FLAGS = process.env.BENCH_BUILD_NODE_ARGS?.split(' ').filter(Boolean) ?? SERVER_NODE_FLAGS;

const WAYS = {
  'tsx loader (source)': ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
  'build (dist/server)': [...BUILD_NODE_FLAGS, path.join(repoRoot, 'dist/server/server.js')],
} as const;
type Way = keyof typeof WAYS;

function build(): void {
  const parts = existsSync(path.join(repoRoot, 'dist/web/index.html')) ? ['server'] : ['server', 'web'];
  const result = spawnSync(process.execPath, ['scripts/build.mjs', ...parts], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

/** User + system processor time of a process so far, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Run {
  startMs: number;
  cpuMs: number;
  rssMb: number;
}

async function measure(way: Way): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-startup-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-startup-secret-bench-startup-secret',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  try {
    let startMs = 0;
    let cpu = 0;
    while (!startMs) {
      if (child.exitCode !== null) throw new Error(`${way}: the server exited with ${child.exitCode}`);
      if (performance.now() - started > 30_000) throw new Error(`${way}: not healthy within 30 s`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) {
          startMs = performance.now() - started;
          cpu = cpuMs(child.pid!);
        }
      } catch {
        // not listening yet
      }
      if (!startMs) await sleep(5);
    }
    await sleep(IDLE_MS);
    return { startMs, cpuMs: cpu, rssMb: rssMb(child.pid!) };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface LoadRun {
  idleMb: number;
  peakMb: number;
  afterMb: number;
  submitsPerSecond: number;
  resultsPerSecond: number;
  errors: number;
}

/** The build under load: submissions and results reads for LOAD_SECONDS, VmRSS sampled every 20 ms. */
async function measureLoad(): Promise<LoadRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-startup-load-'));
  const { surveyId, token } = await seedActiveSurvey(dataDir, {
    title: 'Festival feedback',
    projectName: 'Bench',
    questions: FESTIVAL_QUESTIONS,
  });
  const bodies = Array.from({ length: 2000 }, () => randomFestivalResponse({ maxWords: 30, ratingsAsStrings: 0.2 }));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...WAYS['build (dist/server)']], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SUBMIT_RATE_LIMIT: '1000000000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  try {
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 30_000) throw new Error('not healthy within 30 s');
      const ok = await fetch(`${origin}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      await sleep(5);
    }
    await sleep(SETTLE_MS);
    const idleMb = rssMb(child.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(child.pid!));
    }, 20);
    let sent = 0;
    const drive = (options: autocannon.Options) =>
      new Promise<autocannon.Result>((resolve, reject) =>
        autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
      );
    const [submits, results] = await Promise.all([
      drive({
        url: origin,
        connections: LOAD_CONNECTIONS,
        duration: LOAD_SECONDS,
        requests: [
          {
            method: 'POST',
            path: `/api/surveys/${surveyId}/responses`,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[sent++ % bodies.length] }),
          },
        ],
      }),
      drive({
        url: `${origin}/api/surveys/${surveyId}/results`,
        connections: 10,
        duration: LOAD_SECONDS,
        headers: { authorization: `Bearer ${token}` },
      }),
    ]);
    clearInterval(sampler);
    await sleep(IDLE_MS);
    const afterMb = rssMb(child.pid!);
    const served = (result: autocannon.Result, status: string) =>
      (result.statusCodeStats as Record<string, { count: number } | undefined>)[status]?.count ?? 0;
    return {
      idleMb,
      peakMb,
      afterMb,
      submitsPerSecond: served(submits, '201') / LOAD_SECONDS,
      resultsPerSecond: served(results, '200') / LOAD_SECONDS,
      errors: submits.errors + results.errors + submits.non2xx + results.non2xx + submits.timeouts + results.timeouts,
    };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

build();
console.log(
  `bench:startup — ${os.cpus().length} CPU(s), Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}; build flags: ${BUILD_NODE_FLAGS.join(' ') || '(none)'}`,
);
if (RUNS > 0) await coldStarts();
if (LOAD_RUNS > 0) await underLoad();
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);

async function underLoad(): Promise<void> {
  const runs: LoadRun[] = [];
  for (let run = 1; run <= LOAD_RUNS; run++) {
    const result = await measureLoad();
    runs.push(result);
    console.log(
      `  load run ${run}: settled idle ${result.idleMb.toFixed(1)} MB, peak ${result.peakMb.toFixed(1)} MB, after ` +
        `${result.afterMb.toFixed(1)} MB; ${Math.round(result.submitsPerSecond)} submissions/s, ` +
        `${Math.round(result.resultsPerSecond)} results/s, ${result.errors} errors`,
    );
  }
  const mid = (pick: (run: LoadRun) => number) => median(runs.map(pick));
  printTable(
    `Build under load (${LOAD_SECONDS} s: ${LOAD_CONNECTIONS} connections submitting, 10 reading results); median of ${LOAD_RUNS}`,
    [
      {
        'settled idle RSS MB': Number(mid((r) => r.idleMb).toFixed(1)),
        'idle range MB': `${Math.min(...runs.map((r) => r.idleMb)).toFixed(1)}–${Math.max(...runs.map((r) => r.idleMb)).toFixed(1)}`,
        'peak RSS MB': Number(mid((r) => r.peakMb).toFixed(1)),
        'peak range MB': `${Math.min(...runs.map((r) => r.peakMb)).toFixed(1)}–${Math.max(...runs.map((r) => r.peakMb)).toFixed(1)}`,
        'RSS after MB': Number(mid((r) => r.afterMb).toFixed(1)),
        'submissions/s': Math.round(mid((r) => r.submitsPerSecond)),
        'results/s': Math.round(mid((r) => r.resultsPerSecond)),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
      },
    ],
  );
}

async function coldStarts(): Promise<void> {
  const results = new Map<Way, Run[]>();
  for (const way of Object.keys(WAYS) as Way[]) results.set(way, []);
  console.log(`bench:startup — ${RUNS} runs of each way, alternating`);
  for (let run = 1; run <= RUNS; run++) {
    for (const way of Object.keys(WAYS) as Way[]) {
      const result = await measure(way);
      results.get(way)!.push(result);
      console.log(
        `  run ${run} ${way}: ${result.startMs.toFixed(0)} ms (CPU ${result.cpuMs} ms), ${result.rssMb.toFixed(1)} MB`,
      );
    }
  }

  const summary = (Object.keys(WAYS) as Way[]).map((way) => {
    const runs = results.get(way)!;
    const starts = runs.map((r) => r.startMs);
    const rss = runs.map((r) => r.rssMb);
    return {
      way,
      startMs: median(starts),
      startRange: `${Math.min(...starts).toFixed(0)}–${Math.max(...starts).toFixed(0)}`,
      cpuMs: median(runs.map((r) => r.cpuMs)),
      rssMb: median(rss),
      rssRange: `${Math.min(...rss).toFixed(1)}–${Math.max(...rss).toFixed(1)}`,
    };
  });
  const [old, built] = summary as [(typeof summary)[0], (typeof summary)[0]];
  printTable(`Cold start (spawn → /api/health 200), CPU used until then, idle RSS after 2 s; median of ${RUNS}`, [
    ...summary.map((s) => ({
      way: s.way,
      'cold start ms': Math.round(s.startMs),
      'range ms': s.startRange,
      'CPU ms': Math.round(s.cpuMs),
      'idle RSS MB': Number(s.rssMb.toFixed(1)),
      'range MB': s.rssRange,
    })),
    {
      way: 'build / tsx',
      'cold start ms': `${(built.startMs / old.startMs).toFixed(2)}×`,
      'range ms': '',
      'CPU ms': `${(built.cpuMs / old.cpuMs).toFixed(2)}×`,
      'idle RSS MB': `${(built.rssMb / old.rssMb).toFixed(2)}×`,
      'range MB': '',
    },
  ]);
}
