import fc from 'fast-check';
import type { ZodType } from 'zod';
import { hostileKey, hostileString, hostileValue, Nested, objectOf, preview, RawJson, toJson } from './values';

/**
 * A hostile request as a recipe: how to spoil each part of a valid request (params, query, body), how to
 * carry the body (content type, bytes), and who else sends it. Recipes are what fast-check generates and
 * shrinks; `buildRequest` turns one into bytes against a run's fixture, together with the model of what
 * the server will see, from which `schemaRefusal` says whether the contract must refuse it.
 */

// --- Recipes ---------------------------------------------------------------------------------------------

/** One change to a JSON tree; `at` picks a node (modulo the node count, the root included). */
export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  /** Replaces a string of the valid request (`at` picks among its strings): the right type, a hostile value. */
  | { op: 'string'; at: number; value: string }
  | { op: 'remove'; at: number }
  | { op: 'addKey'; at: number; key: string; value: unknown }
  | { op: 'retype'; at: number; to: 'string' | 'number' | 'array' | 'object' | 'null' | 'boolean' }
  | { op: 'repeat'; at: number; times: number };

export type BodyRecipe = { kind: 'valid'; mutations: Mutation[] } | { kind: 'hostile'; value: unknown };

export type QueryOp =
  { op: 'set'; key: { existing: number } | { name: string }; values: string[] } | { op: 'delete'; at: number };
export type QueryRecipe = { kind: 'valid'; ops: QueryOp[] } | { kind: 'raw'; text: string };

export type ParamRecipe = { kind: 'valid' } | { kind: 'value'; value: string } | { kind: 'raw'; raw: string };

/** How the body travels. */
export const TRANSPORTS = [
  'json',
  'json-charset',
  'json-odd-charset',
  'text',
  'form',
  'multipart',
  'no-content-type',
  'invalid-utf8',
  'truncated',
  'trailing-junk',
  'empty',
  'omit',
] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Who sends the request besides the route's own caller: nobody signed in, a forged token, the wrong role. */
export type Stranger = { kind: 'anonymous' } | { kind: 'forged'; header: string } | { kind: 'wrong-role' };

export interface HostileCase {
  params: ParamRecipe[];
  query: QueryRecipe;
  body: BodyRecipe;
  transport: Transport;
  /** Which odd content type `json-odd-charset` uses, and which junk the byte-level transports add. */
  variant: number;
  stranger: Stranger;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('string' as const),
      at: fc.nat(),
      value: hostileString.filter((v) => v.length <= 300),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('replace' as const),
      at: fc.nat(),
      // Strings most of all: a field of the right type with a hostile value gets furthest into the server.
      value: fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 2, arbitrary: hostileValue }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('addKey' as const), at: fc.nat(), key: hostileKey, value: hostileValue }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('retype' as const),
      at: fc.nat(),
      to: fc.constantFrom('string' as const, 'number' as const, 'array' as const, 'object' as const, 'null' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('repeat' as const), at: fc.nat(), times: fc.constantFrom(2, 101, 5_000) }),
  },
);

const bodyRecipe: fc.Arbitrary<BodyRecipe> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('valid' as const),
      // Now and then the valid body as it is, so that a hostile param or query string reaches a handler.
      mutations: fc.oneof(
        { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
        { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hostile' as const), value: hostileValue }) },
);

const queryValue = hostileString.filter((s) => s.length <= 20_000);
const queryOp: fc.Arbitrary<QueryOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      key: fc.oneof(fc.record({ existing: fc.nat() }), fc.record({ name: hostileKey.filter((k) => k.length <= 200) })),
      values: fc.array(queryValue, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
);

/** Query strings no object describes: malformed escapes, bracket syntax, bare keys. */
const RAW_QUERIES = [
  '%zz=1',
  'limit=%zz',
  'limit',
  '&&&=&',
  'limit=1&limit=2',
  'limit[]=1',
  'cursor[]=x',
  '__proto__[limit]=1',
  'constructor[prototype][x]=1',
  'q=%E0%A4',
  'q=%ED%A0%80',
  'state=draft%00',
  'limit=1e3',
  'limit=0x10',
  'limit=%2010',
  'offset=-0',
  'token=%FF%FE',
  '=',
  '?',
  '#frag',
];

const queryRecipe: fc.Arbitrary<QueryRecipe> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('valid' as const), ops: fc.array(queryOp, { maxLength: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom(...RAW_QUERIES) }) },
);

/** Path segments that do not decode. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4', '%C0%AF', '%ED%A0%80', '%F8%88%80%80%80', 'a%', '%%41'];

const paramRecipe: fc.Arbitrary<ParamRecipe> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'valid' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('value' as const), value: hostileString }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), raw: fc.constantFrom(...RAW_SEGMENTS) }) },
);

const FORGED_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  'Bearer __proto__',
  'Bearer constructor',
  'Bearer not.a.token',
  // alg "none", claiming an administrator
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIiwidmVyIjowfQ.',
  `Bearer ${'a'.repeat(8_000)}`,
  'Basic dXNlcjpwYXNz',
  'bearer  x y z',
  'Bearer %00',
];

const stranger: fc.Arbitrary<Stranger> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'anonymous' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('forged' as const), header: fc.constantFrom(...FORGED_AUTHORIZATION) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrong-role' as const }) },
);

const transport: fc.Arbitrary<Transport> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('json' as const) },
  { weight: 1, arbitrary: fc.constantFrom(...TRANSPORTS.filter((t) => t !== 'json')) },
);

export const hostileCase: fc.Arbitrary<HostileCase> = fc.record({
  params: fc.array(paramRecipe, { minLength: 2, maxLength: 2 }),
  query: queryRecipe,
  body: bodyRecipe,
  transport,
  variant: fc.nat({ max: 7 }),
  stranger,
});

// --- Applying mutations ----------------------------------------------------------------------------------

type Path = Array<string | number>;

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object' && !(value instanceof RawJson) && !(value instanceof Nested);
}

/** Every node of a tree, the root first. */
function nodePaths(root: unknown): Path[] {
  const paths: Path[] = [];
  const walk = (value: unknown, path: Path) => {
    paths.push(path);
    if (paths.length > 500 || !isContainer(value)) return;
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else for (const key of Object.keys(value)) walk(value[key], [...path, key]);
  };
  walk(root, []);
  return paths;
}

function copyWith(
  container: Record<string, unknown> | unknown[],
  key: string | number,
  value: unknown,
  remove = false,
) {
  if (Array.isArray(container)) {
    const copy = [...container];
    if (remove) copy.splice(Number(key), 1);
    else copy[Number(key)] = value;
    return copy;
  }
  const entries = Object.keys(container)
    .filter((k) => !(remove && k === key))
    .map((k) => [k, k === key ? value : container[k]] as const);
  if (!remove && !Object.keys(container).includes(String(key))) entries.push([String(key), value]);
  return objectOf(entries);
}

function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = isContainer(node) ? (node as Record<string, unknown>)[key as string] : undefined;
  return node;
}

/** The tree with the node at `path` replaced by `update(node)`; `undefined` from update removes it. */
function updateAt(root: unknown, path: Path, update: (node: unknown) => unknown): unknown {
  if (path.length === 0) return update(root);
  const [head, ...rest] = path;
  if (!isContainer(root)) return root;
  const child = (root as Record<string, unknown>)[head as string];
  const next = updateAt(child, rest, update);
  return copyWith(root, head!, next, rest.length === 0 && next === undefined);
}

function retype(value: unknown, to: Extract<Mutation, { op: 'retype' }>['to']): unknown {
  switch (to) {
    case 'string':
      return typeof value === 'string' ? value.length : toJson(value);
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : 1;
    case 'array':
      return [value];
    case 'object':
      return objectOf([['value', value]]);
    case 'null':
      return null;
    case 'boolean':
      return true;
  }
}

export function applyMutation(root: unknown, m: Mutation): unknown {
  const paths = nodePaths(root);
  if (m.op === 'string') {
    const strings = paths.filter((p) => typeof valueAt(root, p) === 'string');
    const target = strings.length > 0 ? strings[m.at % strings.length]! : paths[m.at % paths.length]!;
    return updateAt(root, target, () => m.value);
  }
  const path = paths[m.at % paths.length]!;
  switch (m.op) {
    case 'replace':
      return updateAt(root, path, () => m.value);
    case 'remove':
      return path.length === 0 ? undefined : updateAt(root, path, () => undefined);
    case 'addKey':
      return updateAt(root, path, (node) =>
        isContainer(node) && !Array.isArray(node)
          ? copyWith(node, m.key, m.value)
          : objectOf([
              ['value', node],
              [m.key, m.value],
            ]),
      );
    case 'retype':
      return updateAt(root, path, (node) => retype(node, m.to));
    case 'repeat':
      return updateAt(root, path, (node) => {
        // Repeating an already huge value would build a body no test can hold: repeat it fewer times instead.
        const times = Math.max(2, Math.min(m.times, Math.floor(MAX_REPEATED_CHARS / approximateLength(node))));
        return Array.isArray(node) && node.length > 0
          ? Array.from({ length: node.length * times }, (_, i) => node[i % node.length])
          : Array.from({ length: times }, () => node);
      });
  }
}

/** About how many characters repeating may produce: several times any body limit, well within memory. */
const MAX_REPEATED_CHARS = 8_000_000;

/**
 * How long a value is once written as the request's JSON (at least 1): with its markers as they are sent (a nested
 * value 50,000 deep is 100,000 characters, not the few of its description), or repeating one would build gigabytes.
 */
function approximateLength(value: unknown): number {
  try {
    return Math.max(1, toJson(value).length);
  } catch {
    return MAX_REPEATED_CHARS;
  }
}

// --- Building a request ----------------------------------------------------------------------------------

/** What the server cannot turn into a value at all (a URL that does not decode, a body it cannot parse). */
export const UNDECODABLE = Symbol('undecodable');
/** What this model does not predict (raw query strings): no expectation follows from it. */
export const UNMODELLED = Symbol('unmodelled');

export interface RequestModel {
  params: Record<string, string> | typeof UNDECODABLE;
  query: Record<string, unknown> | typeof UNMODELLED;
  body: unknown;
  /** Whether a body travelled that the server could parse (only then does `body` say anything). */
  bodyState: 'absent' | 'parsed' | 'unparseable' | 'unmodelled';
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
  model: RequestModel;
}

export interface ValidRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** Percent-encodes every byte of the UTF-8 form except letters, digits, `-`, `_` and `~` (dots too: no dot segments). */
export function encodeBytes(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The string the server reads back from `encodeBytes(value)`: lone surrogates became U+FFFD on the way. */
const wellFormed = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

function buildPath(route: string, recipes: ParamRecipe[], valid: Record<string, string>) {
  const model: Record<string, string> = {};
  let undecodable = false;
  let index = 0;
  const path = route.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const recipe = recipes[index++] ?? { kind: 'valid' };
    if (recipe.kind === 'raw') {
      undecodable = true;
      return recipe.raw;
    }
    const value = recipe.kind === 'value' ? recipe.value : valid[name];
    if (value === undefined) throw new Error(`hostile table: no valid value for :${name} of ${route}`);
    model[name] = wellFormed(value);
    return encodeBytes(value);
  });
  return { path, model: undecodable ? UNDECODABLE : model } as { path: string; model: RequestModel['params'] };
}

function buildQuery(recipe: QueryRecipe, valid: Record<string, string>) {
  if (recipe.kind === 'raw') return { search: `?${recipe.text}`, model: UNMODELLED as RequestModel['query'] };
  const pairs = new Map<string, string[]>(Object.entries(valid).map(([k, v]) => [k, [v]]));
  for (const op of recipe.ops) {
    const keys = [...pairs.keys()];
    if (op.op === 'delete') {
      if (keys.length > 0) pairs.delete(keys[op.at % keys.length]!);
      continue;
    }
    const key = 'name' in op.key ? op.key.name : keys.length > 0 ? keys[op.key.existing % keys.length]! : 'q';
    pairs.set(key, op.values);
  }
  const search = [...pairs]
    .flatMap(([key, values]) => values.map((value) => `${encodeBytes(key)}=${encodeBytes(value)}`))
    .join('&');
  const model = objectOf(
    [...pairs]
      .filter(([key]) => key !== '')
      .map(([key, values]) => [wellFormed(key), values.length === 1 ? wellFormed(values[0]!) : values.map(wellFormed)]),
  );
  return { search: search ? `?${search}` : '', model: model as RequestModel['query'] };
}

const ODD_JSON_TYPES = [
  'application/json; charset=utf-16',
  'application/json;charset="latin1"',
  'APPLICATION/JSON',
  'application/json ; charset=utf-8',
  'application/json; charset=utf-8; boundary=x',
  'application/vnd.api+json',
  'application/json-patch+json',
  'text/json',
];
const INVALID_UTF8 = [
  [0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xfe, 0xff],
];
const JUNK = ['}', ' garbage', '\u0000', ',', '{}', ']', '\n{"a":1}', '/* comment */'];

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function buildBody(recipe: BodyRecipe, how: Transport, variant: number, valid: unknown, method: string) {
  let value: unknown =
    recipe.kind === 'hostile' ? recipe.value : recipe.mutations.reduce(applyMutation, valid === undefined ? {} : valid);
  if (recipe.kind === 'valid' && valid === undefined && recipe.mutations.length === 0) value = undefined;
  const text = value === undefined ? undefined : toJson(value);
  const headers: Record<string, string> = {};
  let payload: Buffer | undefined;
  let bodyState: RequestModel['bodyState'] = 'absent';
  let body: unknown;
  const asJson = (buffer: Buffer) => {
    payload = buffer;
    const parsed = parseJson(buffer.toString('utf8'));
    bodyState = parsed.ok ? 'parsed' : 'unparseable';
    body = parsed.ok ? parsed.value : undefined;
  };
  switch (how) {
    case 'omit':
      break;
    case 'json':
    case 'json-charset':
      if (text === undefined) break;
      headers['content-type'] = how === 'json' ? 'application/json' : 'application/json; charset=utf-8';
      asJson(Buffer.from(text, 'utf8'));
      break;
    case 'json-odd-charset':
      headers['content-type'] = ODD_JSON_TYPES[variant % ODD_JSON_TYPES.length]!;
      payload = Buffer.from(text ?? '{}', 'utf8');
      bodyState = 'unmodelled';
      break;
    case 'text':
      headers['content-type'] = 'text/plain; charset=utf-8';
      payload = Buffer.from(text ?? '', 'utf8');
      bodyState = 'parsed';
      body = payload.toString('utf8');
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = Buffer.from(`body=${encodeURIComponent(wellFormed(text ?? ''))}&__proto__=1`, 'utf8');
      bodyState = 'unparseable';
      break;
    case 'multipart':
      headers['content-type'] = 'multipart/form-data; boundary=hostile';
      payload = Buffer.from(
        `--hostile\r\ncontent-disposition: form-data; name="body"\r\ncontent-type: application/json\r\n\r\n${text ?? ''}\r\n--hostile--\r\n`,
        'utf8',
      );
      bodyState = 'unparseable';
      break;
    case 'no-content-type':
      payload = Buffer.from(text ?? '{}', 'utf8');
      bodyState = 'unparseable';
      break;
    case 'invalid-utf8': {
      headers['content-type'] = 'application/json';
      const bytes = Buffer.from(text ?? '""', 'utf8');
      const junk = Buffer.from(INVALID_UTF8[variant % INVALID_UTF8.length]!);
      // Inside the first string when there is one (still JSON, with U+FFFD), else at the end (not JSON).
      const quote = bytes.indexOf(0x22);
      const at = quote >= 0 ? quote + 1 : bytes.length;
      asJson(Buffer.concat([bytes.subarray(0, at), junk, bytes.subarray(at)]));
      break;
    }
    case 'truncated': {
      headers['content-type'] = 'application/json';
      const full = text ?? '{"a":1}';
      asJson(Buffer.from(full.slice(0, Math.max(0, Math.floor(full.length / 2))), 'utf8'));
      break;
    }
    case 'trailing-junk':
      headers['content-type'] = 'application/json';
      asJson(Buffer.from(`${text ?? '{}'}${JUNK[variant % JUNK.length]}`, 'utf8'));
      break;
    case 'empty':
      headers['content-type'] = 'application/json';
      payload = Buffer.alloc(0);
      bodyState = 'unparseable';
      break;
  }
  // GET requests carry their body too (a body on GET is one of the hostile cases); the server ignores it.
  if (method === 'GET' && bodyState !== 'absent') bodyState = 'unmodelled';
  return { headers, payload, model: { body, bodyState } };
}

export function buildRequest(
  route: { method: string; route: string },
  recipe: HostileCase,
  valid: ValidRequest,
  authorization: string | undefined,
): BuiltRequest {
  const { path, model: params } = buildPath(route.route, recipe.params, valid.params ?? {});
  const { search, model: query } = buildQuery(recipe.query, valid.query ?? {});
  const body = buildBody(recipe.body, recipe.transport, recipe.variant, valid.body, route.method);
  return {
    method: route.method,
    url: `${path}${search}`,
    headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
    payload: body.payload,
    model: { params, query, ...body.model },
  };
}

// --- The oracle ------------------------------------------------------------------------------------------

export interface RouteSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

function refusal(part: string, schema: ZodType, value: unknown): string | null {
  let result;
  try {
    result = schema.safeParse(value);
  } catch (error) {
    return `${part}: the contract schema threw ${String(error)}`;
  }
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `${part} refused by the contract: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`;
}

/**
 * Why the contract must refuse this request, or null when its schemas accept what the server will see
 * (then the server may answer 2xx, or refuse for a reason of its own). Transport refusals count too: a
 * body the route needs that cannot be parsed, a URL that does not decode.
 */
export function schemaRefusal(schemas: RouteSchemas, model: RequestModel): string | null {
  if (model.params === UNDECODABLE) return 'the path does not decode';
  if (schemas.params) {
    const reason = refusal('params', schemas.params, model.params);
    if (reason) return reason;
  }
  if (schemas.query && model.query !== UNMODELLED) {
    const reason = refusal('query', schemas.query, model.query);
    if (reason) return reason;
  }
  if (schemas.body) {
    if (model.bodyState === 'unparseable') return 'the body cannot be parsed';
    if (model.bodyState === 'absent') return refusal('body', schemas.body, undefined);
    if (model.bodyState === 'parsed') return refusal('body', schemas.body, model.body);
  }
  return null;
}

/** A one-line description of a built request, for failure messages. */
export function describeRequest(request: BuiltRequest): string {
  const auth = request.headers.authorization;
  const who = auth ? `authorization ${preview(auth, 60)}` : 'no authorization';
  const type = request.headers['content-type'] ?? 'no content type';
  const body = request.payload ? preview(request.payload.toString('utf8')) : 'no body';
  return `${request.method} ${preview(request.url, 400)} (${who}; ${type}; body ${body})`;
}
