// `npm test`: lint, typecheck, unit, server integration (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, bundle budget, the container-equivalent start and end-to-end,
// in that order, stopping at the first failure. Prints one closing line with the number of tests passed and failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
rmSync(path.join(reports, 'vitest'), { recursive: true, force: true });
mkdirSync(path.join(reports, 'vitest'), { recursive: true });
const ci = Boolean(process.env.CI);
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

function run(label, command, args, env = {}, beforeFailing = () => {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${label} (${seconds} s)`);
  if (result.status !== 0) {
    beforeFailing();
    finish(1, label);
  }
}

function vitest(label, projects, env = {}) {
  const report = path.join(reports, 'vitest', `${label.replace(/\W+/g, '-')}.json`);
  const tally = () =>
    count(report, (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    }));
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  run(label, 'npx', [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, tally);
  tally();
}

function count(file, pick) {
  if (!existsSync(file)) return;
  const numbers = pick(JSON.parse(readFileSync(file, 'utf8')));
  for (const key of Object.keys(totals)) totals[key] += numbers[key] ?? 0;
}

function finish(code, failedStep) {
  console.log('\n━━ summary ━━');
  for (const line of summary) console.log(line);
  if (failedStep) console.log(`stopped at: ${failedStep}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

run('lint', 'npm', ['run', 'lint', '--silent']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('Kubernetes manifests', 'node', ['scripts/check-kubernetes.mjs']);
vitest('unit (contract, web)', ['contract', 'web']);
vitest('server integration on SQLite', ['server'], { TEST_DB: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server integration on PostgreSQL', ['server'], { TEST_DB: 'postgres' });
} else if (ci) {
  console.error('TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run, and CI does not allow skipping it.');
  summary.push('FAIL server integration on PostgreSQL (TEST_DATABASE_URL unset)');
  finish(1, 'server integration on PostgreSQL');
} else {
  console.log('\nServer integration on PostgreSQL SKIPPED: set TEST_DATABASE_URL=postgres://… to run it.');
  summary.push('skip server integration on PostgreSQL');
}
run('build', 'npm', ['run', 'build', '--silent']);
run('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
run('container-equivalent start', 'node', ['scripts/container-check.mjs']);
const e2eReport = path.join(reports, 'e2e-report.json');
rmSync(e2eReport, { force: true });
run('end-to-end in Chromium', 'node', ['scripts/e2e.mjs'], {}, () => countE2e());
countE2e();
if (ci && totals.skipped > 0) {
  console.error(`${totals.skipped} test(s) were skipped, and CI does not allow skipping (is REDIS_URL set?).`);
  finish(1, 'skipped tests');
}
finish(0);

function countE2e() {
  count(e2eReport, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));
}
