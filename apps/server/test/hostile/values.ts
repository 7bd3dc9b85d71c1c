import fc from 'fast-check';

/**
 * Hostile values for the hostile-input suite: wrong types, prototype keys, unicode edge cases, huge and
 * deeply nested values. A generated value is a plain JSON-like tree, except for two markers that only the
 * serializer understands: `RawJson` (text written as it is, e.g. the number literal `1e999`) and `Nested`
 * (arrays or objects nested thousands deep, written without building them).
 */

export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `RawJson(${this.text})`;
  }
}

export class Nested {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}
  [fc.toStringMethod]() {
    return `Nested(${this.kind} × ${this.depth})`;
  }
}

/** Keys that mean something to JavaScript objects. */
export const PROTOTYPE_WORDS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
] as const;

/** Strings that have broken parsers, databases, headers, spreadsheets and terminals before. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  ...PROTOTYPE_WORDS,
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'a\uDBFFb\uDC00',
  '\u202Egnp.exe', // right-to-left override
  '\u2066\u2067\u2068\u2069',
  '\u200B', // zero-width space
  '\u200D\u200C\u2060',
  '\uFEFF', // byte-order mark
  '\u0000', // NUL
  'a\u0000b',
  '\u001B[31mred\u001B[0m',
  '\u0007\u0008\u007F',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🇺🇳',
  'e\u0301\u0301\u0301\u0301',
  'Ω≈ç√∫˜µ≤≥÷',
  '\uFFFF\uFFFE',
  '\u2028\u2029',
  'İıßﬀ\u00A0',
  '%00',
  '%zz',
  '%2e%2e%2f',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://example.com")',
  '@SUM(1+1)',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  'true',
  '[]',
  '{}',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://127.0.0.1:9/x.png',
  'http://[::1]/',
  'Bearer x',
];

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** Just over the limits the contract sets (100, 200, 256, 1,000, 2,048, 5,000), and far over the body limits. */
const longLength = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(101, 201, 257, 1_001, 2_049, 5_001) },
  { weight: 1, arbitrary: fc.constantFrom(20_000, 300_000, 2_000_000) },
);

/** A string from the edge list, random code units (lone surrogates included), any code points, or a very long one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '👍', '\u202E', '\u0000', '__proto__', '\uD800'), longLength)
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length))),
  },
);

/** Object keys: prototype words first of all, then anything. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_WORDS) },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length < 1000) },
);

const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE, 3, 5, 10, 11),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  // Literals JSON allows that JavaScript turns into something else (Infinity, -0, a rounded integer).
  fc
    .constantFrom('1e999', '-1e999', '-0', '1E400', '1e-400', '123456789012345678901234567890', '0.1e1')
    .map((text) => new RawJson(text)),
);

const nested: fc.Arbitrary<Nested> = fc
  .tuple(fc.constantFrom(6, 7, 64, 2_000, 50_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => new Nested(depth, kind));

/** An object whose own keys are exactly the given ones (`__proto__` included, as a JSON parser makes it). */
export function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** A hostile JSON value of any type: leaves, small arrays and objects of hostile values, deep nesting, huge arrays. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  leaf: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 6, arbitrary: tie('leaf') },
    { weight: 2, arbitrary: tie('array') },
    { weight: 2, arbitrary: tie('object') },
    { weight: 1, arbitrary: nested },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom<unknown>(null, 0, 'x', '__proto__', [], {}), fc.constantFrom(101, 1_001, 20_000))
        .map(([item, length]) => Array.from({ length }, () => item)),
    },
  ),
  leaf: fc.oneof(fc.constant(null), fc.boolean(), hostileNumber, { weight: 3, arbitrary: hostileString }),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectOf),
})).value;

/** Writes a generated value as JSON text, markers included. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Nested) {
    const [open, close] = value.kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
    return `${open.repeat(value.depth)}1${close.repeat(value.depth)}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toJson(item)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short, readable preview of a value or text for failure messages. */
export function preview(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : toJson(value);
  const shown = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(shown);
}
