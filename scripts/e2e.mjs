// Runs the Playwright suite in the system Chromium. Without Chromium it is skipped with a
// visible line outside CI, and fails in CI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
