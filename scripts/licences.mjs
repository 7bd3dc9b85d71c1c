// The licences of Quorum's production dependencies, read from package-lock.json (so it needs no install).
//   node scripts/licences.mjs          writes docs/licences.md
//   node scripts/licences.mjs --check  fails when a production dependency's licence is outside the allowed list, or
//                                      when docs/licences.md is not what this script writes (part of `npm run lint`)
// Production means every package the lockfile does not mark as development-only: what `npm ci --omit=dev` installs
// and what the server and the web bundle are built from.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const documentPath = path.join(root, 'docs', 'licences.md');

/**
 * Licences that allow shipping Quorum under the Apache License 2.0: permissive ones only. A dependency under
 * anything else (copyleft, no licence at all, a custom text) fails the check until someone decides and adds it
 * here with the reason.
 */
const ALLOWED = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Unlicense',
  'Zlib',
]);

/**
 * Whether an SPDX expression lets us use the package: `A OR B` when either side does, `A AND B` when both do.
 * Parentheses group; anything unreadable is refused.
 */
function licenceAllowed(expression) {
  const tokens = String(expression ?? '').match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const term = () => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = or();
      if (tokens[at++] !== ')') return false;
      return inner;
    }
    return token !== undefined && ALLOWED.has(token);
  };
  const and = () => {
    let result = term();
    while (peek() === 'AND') {
      at++;
      result = term() && result;
    }
    return result;
  };
  const or = () => {
    let result = and();
    while (peek() === 'OR') {
      at++;
      result = and() || result;
    }
    return result;
  };
  const allowed = or();
  return allowed && at === tokens.length && tokens.length > 0;
}

function productionPackages() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const seen = new Map();
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where.includes('node_modules/') || entry.link || entry.dev || entry.devOptional) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const key = `${name}@${entry.version}`;
    if (!seen.has(key)) seen.set(key, { name, version: entry.version, licence: entry.license ?? 'none declared' });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

function render(packages) {
  const byLicence = new Map();
  for (const p of packages) byLicence.set(p.licence, (byLicence.get(p.licence) ?? 0) + 1);
  const lines = [
    '# Licences of the production dependencies',
    '',
    'Quorum is licensed under the Apache License 2.0 ([LICENSE](../LICENSE)). These are the packages it ships with',
    '(every package `package-lock.json` does not mark as development-only), with the licence each declares. The file is',
    'written by `node scripts/licences.mjs`; `npm run lint` fails when it is out of date or when a licence is outside',
    'the allowed list in that script (permissive licences only: ' + [...ALLOWED].join(', ') + ').',
    '',
    '`package.json` overrides the version of `unzipper` that exceljs asks for (0.10) with 0.12, which no longer depends on',
    '`buffers`, a package that declares no licence. exceljs uses unzipper only to read workbooks, which Quorum never does.',
    '',
    '| Licence | Packages |',
    '|---|---|',
    ...[...byLicence].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l, n]) => `| ${l} | ${n} |`),
    '',
    '| Package | Version | Licence |',
    '|---|---|---|',
    ...packages.map((p) => `| ${p.name} | ${p.version} | ${p.licence} |`),
    '',
  ];
  return lines.join('\n');
}

const packages = productionPackages();
const document = render(packages);
const refused = packages.filter((p) => !licenceAllowed(p.licence));

if (process.argv.includes('--check')) {
  let failed = false;
  for (const p of refused) {
    console.error(`licences: ${p.name}@${p.version} is licensed "${p.licence}", which is not on the allowed list`);
    failed = true;
  }
  let current = '';
  try {
    current = readFileSync(documentPath, 'utf8');
  } catch {
    // missing: reported below
  }
  if (current !== document) {
    console.error('licences: docs/licences.md is out of date; run `node scripts/licences.mjs` and commit it');
    failed = true;
  }
  process.exit(failed ? 1 : 0);
} else {
  writeFileSync(documentPath, document);
  console.log(`docs/licences.md: ${packages.length} production packages`);
  for (const p of refused) console.error(`not allowed: ${p.name}@${p.version} (${p.licence})`);
  process.exit(refused.length ? 1 : 0);
}
