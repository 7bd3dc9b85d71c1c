// Part of `npm run lint`: docs/architecture.md must name every server module (apps/server/src/modules/<name>),
// every web feature (apps/web/src/features/<name>) and every table (the Database interface in
// apps/server/src/db/schema.ts), each in backticks, so the document cannot fall behind the code unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

function tables() {
  const schema = read('apps/server/src/db/schema.ts');
  const body = /export interface Database \{([^}]*)\}/.exec(schema);
  if (!body) throw new Error('apps/server/src/db/schema.ts has no `export interface Database { … }`');
  return [...body[1].matchAll(/^\s*([a-z0-9_]+)\s*:/gm)].map((match) => match[1]);
}

const document = read('docs/architecture.md');
const named = new Set([...document.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]));
const expected = [
  ['server module', folders('apps/server/src/modules')],
  ['web feature', folders('apps/web/src/features')],
  ['table', tables()],
];

const missing = expected.flatMap(([kind, names]) =>
  names.filter((name) => !named.has(name)).map((n) => `${kind} \`${n}\``),
);
if (missing.length > 0) {
  console.error('docs/architecture.md does not name:');
  for (const line of missing) console.error(`  ${line}`);
  console.error('Describe each (in backticks) where the document lists its kind.');
  process.exit(1);
}
