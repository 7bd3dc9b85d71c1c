// The container-equivalent start (a stage of `npm test`): does what the Dockerfile's runtime stage does, outside a
// container, since no container engine runs in CI.
//   1. Builds dist/ when it is missing or stale (what the Dockerfile's build stage makes with `npm run build`).
//   2. Reads the runtime stage of the Dockerfile (the one source of the file list) and repeats it in an empty
//      temporary folder standing for /app: every COPY (sources from the build context, `--from=build` ones from this
//      checkout's build output) and every `npm ci` (with --prefer-offline added), with the stage's ENV.
//   3. Starts the stage's CMD there with DATA_DIR in another temporary folder (for /data), waits until it answers,
//      runs the stage's HEALTHCHECK command and requires it to pass, fetches the SPA (a page, a client route, an
//      asset, and a public survey address, which gets public-survey.html), and checks that no development dependency (tsx, vitest, esbuild, vite…) nor any TypeScript source is
//      there, and that the SQLite database and the JWT secret were created in the data folder.
//   4. Stops it with SIGTERM and requires a clean exit within 10 s.
// Not checked this way (it needs a container engine): the base image, the apt-get steps, the user (uid 10001), the
// VOLUME, the image build itself and compose.yaml. Usage: node scripts/container-check.mjs [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildParts, isStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const started = Date.now();
const checked = [];
const step = (line) => {
  checked.push(line);
  console.log(`  ok  ${line}`);
};
const fail = (message) => {
  console.error(`container check FAILED: ${message}`);
  cleanup();
  process.exit(1);
};

// ── 1. the build stage's output ──
const stale = ['server', 'web'].filter((part) => isStale(part));
if (stale.length > 0) {
  console.log(`building ${stale.join(' and ')} (the build stage's npm run build)`);
  await buildParts(stale);
}

// ── 2. the runtime stage, read from the Dockerfile ──
const stage = runtimeStage(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const app = mkdtempSync(path.join(os.tmpdir(), 'quorum-container-app-'));
const data = mkdtempSync(path.join(os.tmpdir(), 'quorum-container-data-'));
let server;
function cleanup() {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (keep) console.log(`kept ${app} and ${data}`);
  else for (const dir of [app, data]) rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => fail('interrupted'));

const env = {};
let cmd;
let healthcheck;
let exposed;
const notRepeated = [];
console.log(`runtime stage "${stage.name}" in ${app} (for /app), data in ${data} (for /data)`);
for (const { keyword, args } of stage.instructions) {
  switch (keyword) {
    case 'ENV':
      Object.assign(env, parseEnv(args));
      break;
    case 'WORKDIR':
      if (args !== '/app') fail(`the runtime stage's WORKDIR is ${args}; this check expects /app`);
      break;
    case 'COPY':
      copy(args);
      break;
    case 'RUN': {
      const steps = args.split('&&').map((s) => s.trim());
      for (const command of steps) {
        if (/^npm ci\b/.test(command)) installLikeTheImage(command);
        else notRepeated.push(`RUN ${command}`);
      }
      break;
    }
    case 'CMD':
      cmd = JSON.parse(args);
      break;
    case 'HEALTHCHECK':
      healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim());
      break;
    case 'EXPOSE':
      exposed = args;
      break;
    case 'USER':
    case 'VOLUME':
    case 'ARG':
    case 'LABEL':
      notRepeated.push(`${keyword} ${args}`);
      break;
    default:
      fail(`the runtime stage has a ${keyword} instruction this check does not know how to repeat`);
  }
}
if (!cmd || cmd[0] !== 'node') fail('the runtime stage needs CMD ["node", …] in exec form');
if (!healthcheck || healthcheck[0] !== 'node') fail('the runtime stage needs HEALTHCHECK CMD ["node", …]');
if (exposed !== env.PORT) fail(`EXPOSE ${exposed} does not match ENV PORT=${env.PORT}`);
if (env.DATA_DIR !== '/data') fail(`ENV DATA_DIR is ${env.DATA_DIR}, expected /data`);
step(`EXPOSE ${exposed} matches ENV PORT, DATA_DIR=/data`);

// ── 3. start it as the image would ──
// Development-only: declared for development and marked `dev` in the lock file. A package the server also needs in
// production (pg for the scale benchmark, yaml through fastify-type-provider-zod) belongs in the image.
const lockedPackages = manifest('package-lock.json').packages ?? {};
const devDependencies = [
  ...Object.keys(manifest('package.json').devDependencies ?? {}),
  ...Object.keys(manifest('apps/web/package.json').devDependencies ?? {}),
  ...Object.keys(manifest('packages/test-support/package.json').dependencies ?? {}).filter(
    (name) => !name.startsWith('@quorum/'),
  ),
].filter((name) => lockedPackages[`node_modules/${name}`]?.dev === true);
const present = devDependencies.filter((name) => existsSync(path.join(app, 'node_modules', name, 'package.json')));
if (present.length > 0) fail(`development dependencies installed: ${present.join(', ')}`);
const probe = spawnSync(process.execPath, ['-e', "import('tsx').then(() => process.exit(1), () => process.exit(0))"], {
  cwd: app,
});
if (probe.status !== 0) fail('tsx can be imported in the runtime folder');
step(`no development dependency installed (${devDependencies.length} checked; tsx cannot be imported)`);
const typescript = findFiles(app, (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'), ['node_modules']).map(
  (file) => path.relative(app, file),
);
if (typescript.length > 0) fail(`TypeScript sources in the runtime folder: ${typescript.slice(0, 5).join(', ')}`);
if (cmd.some((arg) => /tsx|\.ts$/.test(arg))) fail(`CMD uses a TypeScript loader: ${cmd.join(' ')}`);
step(`no TypeScript source or loader; CMD ${JSON.stringify(cmd)}`);

const port = await freePort();
const runtimeEnv = {
  PATH: process.env.PATH,
  HOME: data,
  ...env,
  DATA_DIR: data,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
const log = [];
const t0 = performance.now();
server = spawn(process.execPath, cmd.slice(1), { cwd: app, env: runtimeEnv, stdio: ['ignore', 'pipe', 'pipe'] });
for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => log.push(String(chunk)));
const base = `http://127.0.0.1:${port}`;
const liveMs = await waitFor200(`${base}/api/health/live`, 30_000);
step(`GET /api/health/live answered 200 ${liveMs.toFixed(0)} ms after start`);

const check = spawnSync(process.execPath, healthcheck.slice(1), { cwd: app, env: runtimeEnv, timeout: 5000 });
if (check.status !== 0) fail(`the HEALTHCHECK command exited with ${check.status}: ${String(check.stderr)}`);
step('the HEALTHCHECK command passes');

const index = await fetch(`${base}/`);
const html = await index.text();
if (index.status !== 200 || !html.includes('<div id="root">')) fail(`GET / answered ${index.status} without the SPA`);
const route = await fetch(`${base}/login`);
if (route.status !== 200 || !(await route.text()).includes('<div id="root">')) fail('GET /login is not the SPA');
const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
if (!asset) fail('index.html names no /assets/*.js file');
const script = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
if (script.status !== 200) fail(`GET ${asset} answered ${script.status}`);
await script.arrayBuffer();
step(`the SPA is served from dist/web: /, /login and ${asset}`);
const publicFile = findFiles(app, (file) => path.basename(file) === 'public-survey.html', ['node_modules'])[0];
if (!publicFile) fail('the runtime folder has no public-survey.html (the public survey page of the web build)');
const publicPage = await fetch(`${base}/projects/demo/surveys/some-survey`);
if (publicPage.status !== 200 || (await publicPage.text()) !== readFileSync(publicFile, 'utf8')) {
  fail('a public survey address is not answered with public-survey.html');
}
step('a public survey address gets the small public page (public-survey.html)');

if (!existsSync(path.join(data, 'quorum.db'))) fail('no quorum.db in DATA_DIR');
if (!existsSync(path.join(data, 'jwt-secret'))) fail('no jwt-secret in DATA_DIR');
step('SQLite database and JWT secret created in DATA_DIR');

// ── 4. stop it ──
const exit = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
server.kill('SIGTERM');
const result = await Promise.race([exit, sleep(10_000).then(() => undefined)]);
if (!result) fail('the server did not exit within 10 s of SIGTERM');
if (result.code !== 0) fail(`the server exited with ${result.code ?? result.signal} after SIGTERM`);
step('SIGTERM: exited 0');

const errors = log
  .join('')
  .split('\n')
  .filter((line) => /"level":(50|60)/.test(line));
if (errors.length > 0) fail(`the server logged errors:\n${errors.join('\n')}`);

console.log(`\ncontainer check passed in ${((Date.now() - started) / 1000).toFixed(1)} s. Not repeated here:`);
for (const line of notRepeated) console.log(`  - ${line.length > 110 ? `${line.slice(0, 107)}…` : line}`);
console.log('  - the image build itself, the base image, and compose.yaml (they need a container engine)');
cleanup();

// ───────────────────────────────────────────────────────────────────────────────────────────────

/** The instructions of the Dockerfile's stage named `runtime` (continuation lines joined, comments dropped). */
function runtimeStage(dockerfile) {
  const lines = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const instructions = lines.map((line) => {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line);
    return { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ').trim() };
  });
  const from = instructions.findIndex((i) => i.keyword === 'FROM' && /\sAS runtime$/i.test(i.args));
  if (from < 0) throw new Error('the Dockerfile has no stage "AS runtime"');
  const next = instructions.findIndex((i, index) => index > from && i.keyword === 'FROM');
  return { name: 'runtime', instructions: instructions.slice(from + 1, next < 0 ? undefined : next) };
}

function parseEnv(args) {
  const pairs = {};
  for (const match of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) pairs[match[1]] = match[2].replace(/^"|"$/g, '');
  return pairs;
}

/** COPY [--from=build] [--chown=…] <src>… <dest>, with the Dockerfile's semantics for folders and files. */
function copy(args) {
  const words = args.split(' ');
  const flags = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  if (from !== undefined && from !== 'build') fail(`COPY --from=${from}: only the build stage is known`);
  const dest = paths.pop();
  const target = path.join(app, dest.replace(/^\/app\/?/, ''));
  for (const source of paths) {
    // The build stage works in /app on a copy of this checkout, so /app/<x> there is <x> here.
    const local = path.join(root, from ? source.replace(/^\/app\/?/, '') : source);
    if (!existsSync(local)) fail(`COPY ${from ? `--from=${from} ` : ''}${source}: ${local} does not exist`);
    if (statSync(local).isDirectory()) {
      cpSync(local, target, { recursive: true });
    } else {
      const file = dest.endsWith('/') || paths.length > 1 ? path.join(target, path.basename(local)) : target;
      mkdirSync(path.dirname(file), { recursive: true });
      cpSync(local, file);
    }
  }
  step(`COPY ${args}`);
}

/** Runs the stage's `npm ci …` in the runtime folder, as the image build does (from the local cache if it can). */
function installLikeTheImage(command) {
  const args = command.split(' ').slice(1);
  console.log(`  …   npm ${args.join(' ')} --prefer-offline`);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const result = spawnSync('npm', [...args, '--prefer-offline'], {
    cwd: app,
    env: { ...clean, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) fail(`npm ${args.join(' ')} exited with ${result.status}`);
  step(`RUN npm ${args.join(' ')}`);
}

function manifest(file) {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
}

function findFiles(dir, match, skip) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findFiles(full, match, skip));
    else if (match(entry.name)) found.push(full);
  }
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor200(url, limitMs) {
  let last = 'no answer';
  while (performance.now() - t0 < limitMs) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode}:\n${log.join('')}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - t0;
      last = `last answer ${response.status}`;
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  fail(`${url} did not answer 200 within ${limitMs / 1000} s (${last}):\n${log.join('')}`);
}
