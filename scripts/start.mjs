// `npm start`: runs the compiled server (dist/server/server.js), which also serves the web app (dist/web).
// A part that is missing or older than its sources is built first, so `npm install && npm start` works on a
// fresh clone. No TypeScript loader runs in production.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildParts, isStale, SERVER_OUT } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Source maps for stack traces; young-generation semi-spaces of at most 8 MB instead of V8's 16 MB, which a
// server touches all of within seconds of starting and then keeps: the idle process settles under 100 MB, while
// garbage collection stays about 5 % of the time under load (it was 23 % at 2 MB, a third fewer submissions per
// second): docs/performance.md, "Start-up" and "Submitting responses"; the Dockerfile runs the same flags.
const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];
const stale = ['server', 'web'].filter((part) => isStale(part));
if (stale.length > 0) {
  console.log(`Building ${stale.join(' and ')}…`);
  try {
    await buildParts(stale);
  } catch (error) {
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  }
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(SERVER_OUT, 'server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
