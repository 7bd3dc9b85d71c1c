// Runs one of the server's entry points: `node scripts/server-entry.mjs <entry> [--] [args…]`, e.g.
// `node scripts/server-entry.mjs cli/admin-create -- --email a@example.com`. Runs dist/server/<entry>.js when the
// server build is present and up to date with the sources, else apps/server/src/<entry>.ts through tsx (a
// development dependency). Exits with the entry's exit code.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isStale, SERVER_OUT } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [entry, ...rest] = process.argv.slice(2);
if (!entry || !/^[\w/-]+$/.test(entry)) {
  console.error('Usage: node scripts/server-entry.mjs <entry> [--] [args…]   (entry: server, cli/<name>)');
  process.exit(2);
}
const args = rest[0] === '--' ? rest.slice(1) : rest;
const built = path.join(SERVER_OUT, `${entry}.js`);
const source = path.join(root, 'apps/server/src', `${entry}.ts`);

let command;
if (existsSync(built) && (!existsSync(source) || !isStale('server'))) {
  command = ['--enable-source-maps', built];
} else if (existsSync(source)) {
  command = ['--import', 'tsx', source];
} else {
  console.error(`No server entry "${entry}": neither ${built} nor ${source} exists.`);
  process.exit(2);
}
const child = spawn(process.execPath, [...command, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
