// Part of `npm run lint`: the server's import graph (apps/server/src) has no circle, neither between files nor
// between the parts they belong to (each `modules/<name>` folder, each other top-level folder or file). Type-only
// imports count: a circle of types still ties the parts together. `--report` prints the graph's figures as well.
// Why this is hand-written: docs/decisions/045-import-cycle-check.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'apps/server/src');
const report = process.argv.includes('--report');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The file a relative import names (`./x` → x.ts, x.tsx or x/index.ts), or undefined for a package. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** The part a file belongs to: `modules/<name>` for a module's files, else its top-level folder or file. */
function partOf(file) {
  const [first, second] = path.relative(source, file).split(path.sep);
  if (first === 'modules' && second !== undefined && !second.endsWith('.ts')) return `modules/${second}`;
  return first.replace(/\.tsx?$/, '');
}

const files = sourceFiles(source);
const fileEdges = new Map(files.map((file) => [file, new Set()]));
/** Import statements from one module into another: all of them, past its face (index.ts), into a repository. */
const crossing = { all: 0, pastFace: 0, repository: 0 };
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    const target = resolve(file, fileName);
    if (target === undefined || !fileEdges.has(target)) continue;
    fileEdges.get(file).add(target);
    const [from, to] = [partOf(file), partOf(target)];
    if (from === to || !from.startsWith('modules/') || !to.startsWith('modules/')) continue;
    crossing.all += 1;
    if (path.basename(target) !== 'index.ts') crossing.pastFace += 1;
    if (target.endsWith('.repository.ts')) crossing.repository += 1;
  }
}
const partEdges = new Map();
for (const [file, targets] of fileEdges) {
  const from = partOf(file);
  if (!partEdges.has(from)) partEdges.set(from, new Set());
  for (const target of targets) if (partOf(target) !== from) partEdges.get(from).add(partOf(target));
}

/** The graph's circles: its strongly connected components with more than one node (Tarjan's algorithm). */
function circles(edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const relative = (file) => path.relative(root, file);
const partCircles = circles(partEdges);
const fileCircles = circles(fileEdges);

if (report) {
  const moduleArrows = [...partEdges]
    .filter(([from]) => from.startsWith('modules/'))
    .reduce((sum, [, targets]) => sum + [...targets].filter((t) => t.startsWith('modules/')).length, 0);
  console.log(`files ${files.length}, parts ${partEdges.size}, arrows between modules ${moduleArrows}`);
  console.log(
    `imports between modules ${crossing.all}: past a face ${crossing.pastFace}, into a repository ${crossing.repository}`,
  );
  console.log(`circles between parts ${partCircles.length}, between files ${fileCircles.length}`);
}

if (partCircles.length > 0 || fileCircles.length > 0) {
  console.error('apps/server/src has import circles; each part or file below reaches itself again:');
  for (const circle of partCircles) console.error(`  parts: ${circle.join(', ')}`);
  for (const circle of fileCircles) console.error(`  files: ${circle.map(relative).join(', ')}`);
  console.error(
    'Break each by passing the dependency in (docs/architecture.md, "Seams between modules") or by moving shared code to lib/.',
  );
  process.exit(1);
}
