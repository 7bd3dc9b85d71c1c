// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the public
// survey page and the thank-you page of the built app. Prints the performance and accessibility
// scores and the main metrics, the median of BENCH_RUNS runs per page (default 3).
// Aim: performance ≥ 95, accessibility 100.
//
// Builds the web app into a temporary folder, starts the server on a fresh SQLite database holding
// one active survey, and launches the system Chromium itself (CHROMIUM_PATH, default
// /usr/bin/chromium) with a remote-debugging port for Lighthouse.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { TEN_POINT_SCALE, type Question } from '@quorum/contract';
import { question, sampleQuestions } from '@quorum/test-support/factories';
import { freePort } from '@quorum/test-support/ports';
import { repoRoot, startProcess, waitForOk } from '@quorum/test-support/processes';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/env';
import { seedActiveSurvey, startQuorum } from './lib/quorum-server';
import { median, printTable } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const QUESTIONS: Question[] = [...sampleQuestions(), question.rating('Would you recommend us?', TEN_POINT_SCALE)];

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
  );
  if (failing.length)
    console.log(`  accessibility audits not passed on ${url}: ${failing.map((a) => a.id).join(', ')}`);
  const items = (
    lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
  )?.items;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: Math.round(numeric('first-contentful-paint')),
    lcp: Math.round(numeric('largest-contentful-paint')),
    tbt: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    jsKb: Number(((items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1000).toFixed(1)),
  };
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-lighthouse-'));
  const dist = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  console.log(`bench:lighthouse — building the web app into ${dist}`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const { surveyId, projectId } = await seedActiveSurvey(dataDir, {
    title: 'Festival feedback',
    projectName: 'Summer Fest',
    questions: QUESTIONS,
  });
  const appPort = await freePort();
  const origin = `http://127.0.0.1:${appPort}`;
  const server = startQuorum(appPort, dataDir, { WEB_DIST: dist, LOG_LEVEL: 'warn' });
  const debugPort = await freePort();
  const chromium = startProcess({
    exec: CHROMIUM_PATH,
    args: [
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${path.join(work, 'chromium-profile')}`,
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
  });
  try {
    await waitForOk(`${origin}/api/health`, server);
    await waitForOk(`http://127.0.0.1:${debugPort}/json/version`, chromium, 30);
    const pages = [
      { name: 'public survey', url: `${origin}/projects/${projectId}/surveys/${surveyId}` },
      { name: 'thank-you', url: `${origin}/projects/${projectId}/surveys/${surveyId}/thank-you` },
    ];
    const rows: Array<Record<string, string | number>> = [];
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await audit(page.url, debugPort));
      const med = (key: keyof Figures) => median(runs.map((r) => r[key]));
      rows.push({
        page: page.name,
        performance: med('performance'),
        accessibility: med('accessibility'),
        'FCP ms': med('fcp'),
        'LCP ms': med('lcp'),
        'TBT ms': med('tbt'),
        CLS: med('cls'),
        'JS KB (transfer)': med('jsKb'),
        'performance per run': runs.map((r) => r.performance).join(' / '),
      });
    }
    printTable(
      `Lighthouse, mobile, median of ${RUNS} run(s) per page (aim: performance ≥ 95, accessibility 100)`,
      rows,
    );
    const missed = rows.filter((r) => Number(r.performance) < 95 || Number(r.accessibility) < 100);
    if (missed.length) console.log(`\nbelow the aim: ${missed.map((r) => r.page).join(', ')}`);
  } finally {
    await chromium.stop();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
