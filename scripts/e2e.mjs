// Runs the Playwright suite in the system Chromium. Without Chromium it is skipped with a
// visible line outside CI, and fails in CI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildParts, buildWeb, isStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = `E2E suite SKIPPED: no Chromium at ${chromium}. Install it with \`apt-get install chromium\` or set CHROMIUM_PATH.`;
  if (process.env.CI) {
    console.error(`${line} (failing because CI is set)`);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}
// The app under test serves the web build in dist/web, built first when missing or stale.
// E2E_WEB_DIST: serve a web build from another folder instead (lets several runs build side by side).
try {
  if (process.env.E2E_WEB_DIST) buildWeb(process.env.E2E_WEB_DIST);
  else if (isStale('web')) await buildParts(['web']);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
