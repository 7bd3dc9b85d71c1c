import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@quorum/contract';
import { createAdmin, createSurvey, createUser } from '@quorum/test-support/factories';
import type { Config } from '../src/config';
import { TEST_DIALECT, useTestApp } from './helpers';
import { createSnapshotter, describeChanges, type DbSnapshot, type Snapshotter } from './hostile/db-snapshot';
import {
  buildRequest,
  describeRequest,
  hostileCase,
  schemaRefusal,
  type BuiltRequest,
  type HostileCase,
} from './hostile/requests';
import { preview } from './hostile/values';
import {
  HOSTILE_ROUTES,
  hostileQuestions,
  hostileTranslations,
  type HostileFixture,
  type HostileRoute,
} from './hostile-input.table';
import { registeredApiRoutes } from './support/routes';

/**
 * Hostile input, everywhere: a property per /api route (see hostile-input.table.ts). Each run spoils a valid
 * request of the route (params, query, body, content type, bytes) and sends it as a stranger (nobody, a
 * forged token, the other role) and as the route's own caller, then checks:
 *   - never a 5xx;
 *   - a refusal is a 4xx with a JSON `{ message, code }` body, `code` one of the contract's codes;
 *   - a refusal leaves every table as it was;
 *   - a 2xx only for a request the route's contract schemas accept (the oracle: the same zod schemas, run on
 *     what the server will see after decoding the URL and parsing the body).
 *
 * Bounded and reproducible, through the environment:
 *   HOSTILE_SEED       replays a run (the seed is printed at the start and with every failure); without it, CI
 *                      uses one fixed seed and other runs a random one;
 *   HOSTILE_RUNS       runs per route (default 40; the first 10 run whatever the time, the rest until the limit);
 *   HOSTILE_ROUTE_MS   the most time one route may take (default 2000 ms);
 *   HOSTILE_BUDGET_MS  the time for all routes (default 30000 ms; a route may use what is left once each later
 *                      route has 1 s);
 *   HOSTILE_PATH       with HOSTILE_SEED and `-t "<METHOD> <route>$"`, replays fast-check's shrunk counterexample
 *                      (the failure message prints the whole command);
 *   HOSTILE_LOG_LEVEL  e.g. `error`: the server's log, with the cause of a 5xx.
 */

/** CI runs the same cases every time, so a red build always reproduces; elsewhere each run explores new ones. */
const CI_SEED = 139558557;
const SEED = process.env.HOSTILE_SEED
  ? Number(process.env.HOSTILE_SEED)
  : process.env.CI
    ? CI_SEED
    : randomBytes(4).readInt32LE(0);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const ROUTE_MS = Number(process.env.HOSTILE_ROUTE_MS ?? 2_000);
/** All routes together: a route may use what is left once each later route has 1 s (at most ROUTE_MS). */
const BUDGET_MS = Number(process.env.HOSTILE_BUDGET_MS ?? 30_000);
const PATH = process.env.HOSTILE_PATH;
/** Runs each route gets whatever the time limit: a property must test something, even on a loaded machine. */
const MIN_RUNS = Math.min(RUNS, 10);

const CODES: readonly string[] = errorCodes;

/** Each route its own sequence of cases, all fixed by the one printed seed. */
function routeSeed(name: string): number {
  let hash = SEED | 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
  res?: LightMyRequestResponse;
}

describe(`hostile input (${TEST_DIALECT})`, () => {
  const t = useTestApp({
    // This suite sends thousands of requests: the per-client and per-account limits are raised through
    // configuration, and every request comes from its own address.
    loginRateLimit: 1_000_000,
    registerRateLimit: 1_000_000,
    submitRateLimit: 1_000_000,
    surveyWriteRateLimit: 1_000_000,
    maxSurveysPerAccount: 1_000_000,
    insights: { workers: 1, queueLimit: 1_000, rateLimit: 1_000_000 },
    trustProxy: ['127.0.0.1'],
    outboundAllowPrivate: false,
    // HOSTILE_LOG_LEVEL=error shows the server's own account of a 5xx the suite found.
    ...(process.env.HOSTILE_LOG_LEVEL ? { logLevel: process.env.HOSTILE_LOG_LEVEL as Config['logLevel'] } : {}),
  });
  let snapshots: Snapshotter;
  let baseUrl = '';
  /** The slowest answer of the route under test: a hostile input that is slow to refuse is worth knowing. */
  let slowest = { ms: 0, what: '' };
  const stats: Array<{ route: string; runs: number; ms: number; answers: string; slowest: typeof slowest }> = [];
  /** Answers of the route under test by status, to show that the cases reach validation and beyond. */
  let statuses = new Map<string, number>();

  beforeAll(async () => {
    snapshots = await createSnapshotter(t.ctx.db.kysely);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    console.info(
      `hostile input (${TEST_DIALECT}): seed ${SEED} (replay with HOSTILE_SEED=${SEED}), ${RUNS} runs per route, ` +
        `at most ${ROUTE_MS} ms per route and ${BUDGET_MS} ms in all, tables watched: ${snapshots.tables.join(', ')}`,
    );
  });

  afterAll(() => {
    if (stats.length === 0) return;
    const lines = stats.map(
      (s) => `  ${String(s.runs).padStart(4)} runs ${String(s.ms).padStart(6)} ms  ${s.route.padEnd(50)} ${s.answers}`,
    );
    const slow = [...stats]
      .sort((a, b) => b.slowest.ms - a.slowest.ms)
      .slice(0, 3)
      .map((s) => `  ${s.slowest.ms} ms: ${s.slowest.what}`);
    console.info(
      `hostile input (${TEST_DIALECT}), seed ${SEED}:\n${lines.join('\n')}\nslowest answers:\n${slow.join('\n')}`,
    );
  });

  const randomAddress = () => `10.${randomBytes(3).join('.')}`;

  async function deliver(request: BuiltRequest, stream: boolean): Promise<Answer> {
    if (!stream) {
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        remoteAddress: randomAddress(),
        ...(request.payload ? { payload: request.payload } : {}),
      });
      return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body, res };
    }
    // An event stream never ends by itself: over real HTTP, read a refusal whole, hang up on a 2xx.
    return new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        `${baseUrl}${request.url}`,
        {
          method: request.method,
          headers: {
            ...request.headers,
            'x-forwarded-for': randomAddress(),
            // Node's client sends a GET body with neither a length nor chunks unless told the length.
            ...(request.payload ? { 'content-length': String(request.payload.length) } : {}),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const contentType = String(res.headers['content-type'] ?? '');
          if (status >= 200 && status < 300) {
            req.destroy();
            resolve({ status, contentType, body: '' });
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      req.end(request.payload);
    });
  }

  /** A refusal must be a JSON `{ message, code }` with a non-empty message and one of the contract's codes. */
  function errorBodyProblem(answer: Answer): string | null {
    if (!/^application\/json\b/i.test(answer.contentType)) return `content type ${preview(answer.contentType)}`;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return 'a body that is not JSON';
    }
    const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
    if (typeof message !== 'string' || message.trim() === '') return 'no message';
    if (typeof code !== 'string' || !CODES.includes(code)) return `code ${preview(code)} is not one of the contract's`;
    return null;
  }

  /**
   * Fresh accounts and a survey owned by the user, with the text a database may hold from before today's input
   * rules (direction overrides and zero-width characters in names and titles, prototype words as question ids).
   */
  async function makeFixture(route: HostileRoute): Promise<HostileFixture> {
    const [user, admin] = await Promise.all([
      createUser(t.ctx, { name: 'Zoë \u202E Ω 👩‍💻' }),
      createAdmin(t.ctx, { name: 'Ädmin\u200B' }),
    ]);
    const survey = await createSurvey(t.ctx, user.id, {
      state: route.surveyState ?? 'draft',
      title: 'Résultats \u202Egpj.exe 👩‍👩‍👧 =1+1',
      projectName: 'Prøject\u200B \u202E 🎉',
      questions: hostileQuestions(),
      languages: { defaultLanguage: 'en', translations: hostileTranslations() },
    });
    return { user, admin, survey };
  }

  function sendsFor(route: HostileRoute, recipe: HostileCase, f: HostileFixture) {
    const bearer = (account: { token: string }) => `Bearer ${account.token}`;
    if (route.caller === 'anonymous') return [{ who: 'anonymous caller', own: true, auth: undefined }];
    const own = route.caller === 'user' ? f.user : f.admin;
    const other = route.caller === 'user' ? f.admin : f.user;
    const stranger = recipe.stranger;
    const strangerAuth =
      stranger.kind === 'anonymous' ? undefined : stranger.kind === 'forged' ? stranger.header : bearer(other);
    return [
      { who: `stranger (${stranger.kind})`, own: false, auth: strangerAuth },
      { who: route.caller, own: true, auth: bearer(own) },
    ];
  }

  let fixture: HostileFixture | undefined;
  let baseline: DbSnapshot | undefined;
  let suiteStarted: number | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  async function runCase(route: HostileRoute, recipe: HostileCase): Promise<void> {
    if (!fixture) {
      fixture = await makeFixture(route);
      baseline = undefined;
    }
    const f = fixture;
    const valid = route.valid?.(f) ?? {};
    const validRequest = { ...valid, params: { surveyId: f.survey.id, ...valid.params } };
    // The tables as the previous run left them, unless a fixture was made since.
    let before = baseline ?? (await snapshots.take());
    for (const send of sendsFor(route, recipe, f)) {
      const request = buildRequest(route, recipe, validRequest, send.auth);
      const refusal = schemaRefusal(route, request.model);
      const sentAt = Date.now();
      const answer = await deliver(request, route.stream === true);
      const took = Date.now() - sentAt;
      if (took > slowest.ms) slowest = { ms: took, what: `${answer.status} ${describeRequest(request).slice(0, 160)}` };
      const after = await snapshots.take();
      const key = `${answer.status}${send.own ? '' : '*'}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const what = `as ${send.who}: ${describeRequest(request)}\n  answered ${answer.status} ${preview(answer.body)}`;
      if (answer.status >= 500) throw new Error(`5xx ${what}`);
      if (answer.status >= 400) {
        const problem = errorBodyProblem(answer);
        if (problem) throw new Error(`refusal without a { message, code } body (${problem}) ${what}`);
        const ignore = send.own && refusal === null ? (route.refusalWrites ?? []) : [];
        const changes = describeChanges(before, after, ignore);
        if (changes.length > 0)
          throw new Error(`a refused request changed the database ${what}\n  ${changes.join('\n  ')}`);
      } else if (answer.status >= 200 && answer.status < 300) {
        if (refusal !== null) throw new Error(`2xx for a request the contract refuses (${refusal}) ${what}`);
        if (send.own && route.accepted && answer.res) await route.accepted(t.ctx, f, answer.res);
      } else {
        throw new Error(`unexpected status ${what}`);
      }
      // What the server wrote or counted (a password, a state, a per-account rate limit) gets a fresh fixture.
      if (after.digest !== before.digest || (route.method !== 'GET' && refusal === null)) fixture = undefined;
      before = after;
      baseline = after;
    }
  }

  it.each(HOSTILE_ROUTES.map((route) => [`${route.method} ${route.route}`, route] as const))(
    '%s',
    async (name, route) => {
      await snapshots.clear();
      fixture = undefined;
      baseline = undefined;
      statuses = new Map();
      slowest = { ms: 0, what: '' };
      const started = Date.now();
      suiteStarted ??= started;
      // What is left of the budget once every later route has its 1 s, at most ROUTE_MS, at least 1 s.
      const later = HOSTILE_ROUTES.length - 1 - HOSTILE_ROUTES.indexOf(route);
      const left = BUDGET_MS - (started - suiteStarted) - later * 1_000;
      const timeLimit = Math.round(Math.min(ROUTE_MS, Math.max(1_000, left)));
      const property = fc.asyncProperty(hostileCase, (recipe) => {
        const run = runCase(route, recipe).catch((error: unknown) => {
          // The next attempt (fast-check shrinking the case) starts from a fresh fixture.
          fixture = undefined;
          baseline = undefined;
          throw error;
        });
        inFlight = run.catch(() => undefined);
        return run;
      });
      // Two phases: MIN_RUNS runs whatever the time (a loaded machine still tests something), then the rest of
      // RUNS until the time limit. A failing case names its phase in HOSTILE_PATH ("a:…" or "b:…").
      const phases = [
        { phase: 'a', numRuns: MIN_RUNS, seed: routeSeed(name) },
        { phase: 'b', numRuns: RUNS - MIN_RUNS, seed: routeSeed(`${name} b`) },
      ];
      let runs = 0;
      let failure: string | undefined;
      for (const { phase, numRuns, seed } of phases) {
        if (numRuns <= 0 || (PATH && !PATH.startsWith(`${phase}:`))) continue;
        const remaining = timeLimit - (Date.now() - started);
        if (phase === 'b' && !PATH && remaining <= 0) break;
        const details = await fc.check(property, {
          seed,
          numRuns,
          ...(phase === 'b' && !PATH ? { interruptAfterTimeLimit: remaining } : {}),
          ...(PATH ? { path: PATH.slice(2) } : {}),
        });
        // A run cut off by the time limit keeps going: let it finish before the next route clears the tables.
        await inFlight;
        runs += details.numRuns;
        // Phase b cut off by the time limit before its first run (a loaded machine): phase a has tested the route.
        if (details.failed && details.interrupted && details.numRuns === 0 && phase === 'b') break;
        if (details.failed) {
          failure =
            `${String(details.errorInstance)}\n\n${fc.defaultReportMessage(details)}\n\n` +
            `Replay: HOSTILE_SEED=${SEED} HOSTILE_PATH=${phase}:${details.counterexamplePath ?? ''} ` +
            `npx vitest run --project server test/hostile-input.test.ts -t "${name}$"`;
          break;
        }
      }
      const answers = [...statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      stats.push({ route: name, runs, ms: Date.now() - started, answers, slowest });
      if (failure) throw new Error(failure);
      if (!PATH) expect(runs, 'runs').toBeGreaterThanOrEqual(MIN_RUNS);
    },
    ROUTE_MS * 4 + 30_000,
  );

  it("every entry's valid request is one its contract schemas accept (so spoiling it tests something)", async () => {
    await snapshots.clear();
    const untouched: HostileCase = {
      params: [{ kind: 'valid' }, { kind: 'valid' }],
      query: { kind: 'valid', ops: [] },
      body: { kind: 'valid', mutations: [] },
      transport: 'json',
      variant: 0,
      stranger: { kind: 'anonymous' },
    };
    const refused: string[] = [];
    for (const route of HOSTILE_ROUTES) {
      const f = await makeFixture(route);
      const valid = route.valid?.(f) ?? {};
      const request = buildRequest(
        route,
        untouched,
        { ...valid, params: { surveyId: f.survey.id, ...valid.params } },
        undefined,
      );
      const refusal = schemaRefusal(route, request.model);
      if (refusal) refused.push(`${route.method} ${route.route}: ${refusal}`);
      if (route.body && !route.valid)
        refused.push(`${route.method} ${route.route}: has a body schema but no valid request`);
    }
    expect(refused).toEqual([]);
  });

  it('has an entry for every /api route the server registers, and none for a route it lacks', () => {
    const registered = registeredApiRoutes(t.app);
    expect(registered.length).toBeGreaterThan(10);
    const inTable = HOSTILE_ROUTES.map((route) => `${route.method} ${route.route}`);
    expect(
      registered.filter((route) => !inTable.includes(route)),
      'routes without an entry in hostile-input.table.ts',
    ).toEqual([]);
    expect(
      inTable.filter((route) => !registered.includes(route)),
      'entries for routes the server does not have',
    ).toEqual([]);
    expect(new Set(inTable).size, 'one entry per route').toBe(inTable.length);
  });

  // --- Before routing: what the HTTP layer and the router refuse ----------------------------------------

  /** Sends raw bytes and reads one answer (the server closes the connection after a client error). */
  function rawExchange(bytes: Buffer): Promise<{ status: number; contentType: string; body: string }> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5_000);
      const finish = () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        const contentType = /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '';
        resolve({ status, contentType, body: rest.join('\r\n\r\n') });
      };
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        const text = Buffer.concat(chunks).toString('utf8');
        const length = /^content-length:\s*(\d+)/im.exec(text)?.[1];
        const split = text.indexOf('\r\n\r\n');
        if (length !== undefined && split >= 0 && Buffer.byteLength(text.slice(split + 4)) >= Number(length)) {
          socket.destroy();
        }
      });
      socket.on('close', finish);
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
      socket.write(bytes);
    });
  }

  const crlf = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const WIRE_CASES: Array<[name: string, bytes: () => Buffer]> = [
    ['a path that does not decode', () => crlf(['GET /api/%zz HTTP/1.1', 'Host: x'])],
    ['a survey id that does not decode', () => crlf(['GET /api/surveys/%E0%A4 HTTP/1.1', 'Host: x'])],
    [
      'a path segment longer than the router takes',
      () => crlf([`GET /api/surveys/${'a'.repeat(2_000)} HTTP/1.1`, 'Host: x']),
    ],
    [
      'a URL longer than the header limit',
      () => crlf([`GET /api/surveys?q=${'a'.repeat(20_000)} HTTP/1.1`, 'Host: x']),
    ],
    [
      'headers larger than the limit',
      () => crlf(['GET /api/health HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(20_000)}`]),
    ],
    ['a header with invalid bytes', () => crlf(['GET /api/health HTTP/1.1', 'Host: x', 'X-Bad: a\u0000b'])],
    [
      'invalid UTF-8 bytes in the request line',
      () => Buffer.concat([Buffer.from('GET /api/'), Buffer.from([0xff, 0xfe]), crlf([' HTTP/1.1', 'Host: x'])]),
    ],
    ['an unknown method', () => crlf(['BREW /api/health HTTP/1.1', 'Host: x'])],
    ['bytes that are not HTTP', () => Buffer.from('\u0000\u0001\u0002 hello\r\n\r\n', 'latin1')],
    [
      'a broken chunked body',
      () =>
        Buffer.from(
          'POST /api/user/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
          'latin1',
        ),
    ],
    [
      'both content-length and chunked',
      () =>
        Buffer.from(
          'POST /api/user/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
          'latin1',
        ),
    ],
  ];

  it.each(WIRE_CASES)('on the wire, %s: a 4xx { message, code } and no change', async (_name, bytes) => {
    const before = await snapshots.take();
    const answer = await rawExchange(bytes());
    const after = await snapshots.take();
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.body).toBeLessThan(500);
    expect(errorBodyProblem(answer), `${answer.status} ${answer.contentType} ${answer.body}`).toBeNull();
    expect(describeChanges(before, after)).toEqual([]);
  });
});
