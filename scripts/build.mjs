// `npm run build`: the production build, into dist/.
//   dist/server/  the server compiled by esbuild: server.js, insights-worker.js (the text-insights worker thread)
//                 and cli/<name>.js, one per apps/server/src/cli/*.ts
//                 (ESM for Node 20, source maps alongside). The workspace package @quorum/contract is bundled
//                 in; every npm dependency of apps/server stays an import, installed by `npm ci --omit=dev`.
//   dist/web/     the web app built by Vite (apps/web/vite.config.ts sets the folder), in two builds: the app
//                 (index.html, React), then the public survey page (public-survey.html, Preact; `--mode public`).
// Usage: node scripts/build.mjs [server|web]   (both when no part is named)
// Also imported by scripts/start.mjs and scripts/server-entry.mjs to tell whether a part is missing or stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT = path.join(root, 'dist/server');
export const WEB_OUT = path.join(root, 'dist/web');

/** What each part is built from; a part is stale when any of these is newer than its output. */
const PARTS = {
  server: {
    output: path.join(SERVER_OUT, 'server.js'),
    sources: ['apps/server/src', 'apps/server/package.json', 'packages/contract/src', 'scripts/build.mjs'],
  },
  web: {
    // Written by the second of the web's two builds.
    output: path.join(WEB_OUT, 'public-survey.html'),
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public-survey.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
  },
};

function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** True when the part's output is missing, or older than one of its sources (sources absent: not stale). */
export function isStale(part) {
  const { output, sources } = PARTS[part];
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/** The server's npm dependencies: imported at run time, never bundled (native modules among them). */
function serverExternals() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => !name.startsWith('@quorum/'))
    .flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const cliDir = path.join(root, 'apps/server/src/cli');
  const entryPoints = [
    path.join(root, 'apps/server/src/server.ts'),
    // The text-insights worker thread, beside server.js where the bundled pool looks for it (insights-pool.ts).
    { in: path.join(root, 'apps/server/src/modules/insights/insights-worker.ts'), out: 'insights-worker' },
    ...readdirSync(cliDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join(cliDir, file)),
  ];
  rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    entryPoints,
    outbase: path.join(root, 'apps/server/src'),
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Stack traces need the mappings only; without the sources' text the map Node loads at start is a third the size.
    sourcesContent: false,
    external: serverExternals(),
    tsconfig: path.join(root, 'apps/server/tsconfig.json'),
    logLevel: 'warning',
    legalComments: 'none',
  });
}

/**
 * The web app into `outDir` (default dist/web): the app with React, which empties the folder, then the public survey
 * page with Preact beside it (docs/decisions/038-public-page-on-preact.md).
 */
export function buildWeb(outDir) {
  const out = outDir ? ['--outDir', outDir] : [];
  for (const mode of ['production', 'public']) {
    const result = spawnSync('npx', ['vite', 'build', '--mode', mode, ...out, '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`the web build (${mode}) failed (exit ${result.status})`);
  }
}

export async function buildParts(parts) {
  for (const part of parts) {
    const started = Date.now();
    if (part === 'server') await buildServer();
    else buildWeb();
    const out = part === 'server' ? SERVER_OUT : WEB_OUT;
    console.log(`built ${path.relative(root, out)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const named = process.argv.slice(2);
  const unknown = named.filter((part) => !(part in PARTS));
  if (unknown.length > 0) {
    console.error(`Unknown part: ${unknown.join(', ')}. Usage: node scripts/build.mjs [server|web]`);
    process.exit(2);
  }
  try {
    await buildParts(named.length > 0 ? named : Object.keys(PARTS));
  } catch (error) {
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  }
}
