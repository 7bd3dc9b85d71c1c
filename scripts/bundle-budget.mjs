// The bundle budget (run by `npm test` after the build): the JavaScript that the public survey
// route needs on first load — the entry chunk, the public page's chunk, and every chunk they
// import statically — must stay within 100 KB gzipped. Prints the figure and each file.
// Usage: node scripts/bundle-budget.mjs [dist folder]   (default dist/web)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1000;
/** The module the entry loads for a public survey address (see apps/web/src/main.tsx). */
const PUBLIC_ROUTE_MODULE = 'src/features/survey-runner/components/public-app.tsx';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(root, 'dist/web'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `bundle budget: no ${manifestFile}. Build the web app first (npm run build; build.manifest must be on).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry chunk');
if (!manifest[PUBLIC_ROUTE_MODULE]) fail(`the manifest has no chunk for ${PUBLIC_ROUTE_MODULE}`);
if (!(manifest[entryKey].dynamicImports ?? []).includes(PUBLIC_ROUTE_MODULE)) {
  fail(`the entry does not load ${PUBLIC_ROUTE_MODULE}: update this script together with apps/web/src/main.tsx`);
}

// The entry and the public page's chunk, and everything they import statically.
const needed = new Set();
const visit = (key) => {
  if (needed.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest lists ${key} as an import but has no such chunk`);
  needed.add(key);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(PUBLIC_ROUTE_MODULE);

const rows = [...needed]
  .map((key) => {
    const file = manifest[key].file;
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log('Public survey route, JavaScript on first load (gzip -9):');
for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file} (${kb(row.raw)} raw)`);
console.log(`  ${kb(total).padStart(9)}  total (${kb(totalRaw)} raw), budget ${kb(BUDGET_BYTES)}`);
if (total > BUDGET_BYTES) {
  console.error(`bundle budget exceeded: ${kb(total)} > ${kb(BUDGET_BYTES)}. Keep the router, TanStack Query, zod and`);
  console.error('heavy components out of the public page (see docs/performance.md, "Public page").');
  process.exit(1);
}
console.log('bundle budget: ok');

function fail(message) {
  console.error(`bundle budget: ${message}`);
  process.exit(1);
}
