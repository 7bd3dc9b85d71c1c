// `npm run bench:startup`: cold start and idle memory of the server, run the old way (TypeScript through the tsx
// loader, `node --import tsx apps/server/src/server.ts`) and from the production build (`node --enable-source-maps
// dist/server/server.js`, what `npm start` and the container run).
//
// Each run starts one process on a fresh, empty SQLite data folder (so the start includes creating the database and
// applying every migration) with the web app served from dist/web, and measures:
//   cold start  from spawning the process until GET /api/health first answers 200 (polled every 5 ms);
//   CPU         the processor time the process used until then (user + system, /proc/<pid>/stat): steadier
//               than the wall-clock time when the machine is busy with other work;
//   idle RSS    the process's resident memory (/proc/<pid>/status VmRSS) after it has idled for 2 s.
// The two ways alternate, BENCH_RUNS times each (default 7); the table gives the median and the range.
// Builds dist/ first (the server always, the web app when missing).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@quorum/test-support/ports';
import { repoRoot } from '@quorum/test-support/processes';
import { median, printTable } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const IDLE_MS = 2000;

const WAYS = {
  'tsx loader (source)': ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
  'build (dist/server)': ['--enable-source-maps', path.join(repoRoot, 'dist/server/server.js')],
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

build();
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
