// The bundle budget (run by `npm test` after the build): the JavaScript that a public survey's address needs on
// first load must stay within 70 KB gzipped (gzip -9). The server sends public-survey.html there, built with Preact
// in place of React (docs/decisions/038-public-page-on-preact.md); what it loads first is its entry chunk, the public
// page's chunk (which the entry imports at once) and every chunk they import statically. Chunks loaded later, only
// when a question needs them (ranking's drag and drop), are listed apart and not counted.
// Prints the figure and each file.
// Usage: node scripts/bundle-budget.mjs [dist folder]   (default dist/web)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 70 * 1000;
/** The public page's html, its manifest (apps/web/vite.config.ts, mode "public"), and the module its entry loads. */
const PUBLIC_HTML = 'public-survey.html';
const PUBLIC_MANIFEST = '.vite/public-manifest.json';
const PUBLIC_ROUTE_MODULE = 'src/features/survey-runner/components/public-app.tsx';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(root, 'dist/web'));
const manifestFile = path.join(dist, PUBLIC_MANIFEST);
if (!existsSync(manifestFile)) {
  console.error(
    `bundle budget: no ${manifestFile}. Build the web app first (npm run build builds the public page too).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const entryKey = PUBLIC_HTML;
if (!manifest[entryKey]?.isEntry) fail(`the manifest has no entry for ${PUBLIC_HTML}`);
if (!manifest[PUBLIC_ROUTE_MODULE]) fail(`the manifest has no chunk for ${PUBLIC_ROUTE_MODULE}`);
if (!(manifest[entryKey].dynamicImports ?? []).includes(PUBLIC_ROUTE_MODULE)) {
  fail(`the entry does not load ${PUBLIC_ROUTE_MODULE}: update this script together with apps/web/src/public-main.tsx`);
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

const sizeOf = (key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const rows = [...needed].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
// Loaded later, only when a question on screen needs them: the chunks the first load's chunks import dynamically.
const later = [
  ...new Set([...needed].flatMap((key) => (manifest[key].dynamicImports ?? []).filter((k) => !needed.has(k)))),
];
const laterRows = later.map(sizeOf).sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const line = (row) => console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file} (${kb(row.raw)} raw)`);
console.log(`Public survey page (${PUBLIC_HTML}), JavaScript on first load (gzip -9):`);
for (const row of rows) line(row);
console.log(`  ${kb(total).padStart(9)}  total (${kb(totalRaw)} raw), budget ${kb(BUDGET_BYTES)}`);
if (laterRows.length) {
  console.log('Loaded later, only when a question needs it (not counted):');
  for (const row of laterRows) line(row);
}
if (total > BUDGET_BYTES) {
  console.error(
    `bundle budget exceeded: ${kb(total)} > ${kb(BUDGET_BYTES)}. Keep React, the router, TanStack Query, zod`,
  );
  console.error('and heavy components out of the public page (see docs/performance.md, "Public page").');
  process.exit(1);
}
console.log('bundle budget: ok');

function fail(message) {
  console.error(`bundle budget: ${message}`);
  process.exit(1);
}
