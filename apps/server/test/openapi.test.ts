import { gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_DOCS_ASSETS, errorBodySchema, type UserType } from '@quorum/contract';
import { createUser } from '@quorum/test-support/factories';
import { registerOpenApi } from '../src/openapi/openapi';
import { describeOperation, openApiPath, operationId, type RouteFacts } from '../src/openapi/operations';
import { SUMMARIES } from '../src/openapi/summaries';
import type { AuthGuard } from '../src/lib/principal';
import { TEST_DIALECT, request, testConfig, useTestApp } from './helpers';
import { ROLE_MATRIX } from './role-matrix.table';
import { registeredApiRoutes } from './support/routes';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: object } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme: string }> };
}

/** The routes the document leaves out on purpose: the document itself and its page. */
const UNDOCUMENTED = /^GET \/api\/(openapi\.json|docs(\/:file)?)$/;

type Spec = Parameters<Validator['validate']>[0];

const ERROR_REF = '#/components/schemas/ErrorBody';

describe(`OpenAPI document (${TEST_DIALECT})`, () => {
  const t = useTestApp({ publicUrl: 'https://surveys.example.org' });

  async function document(): Promise<Document> {
    const res = await request(t.app, 'GET', '/api/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as Document;
  }

  const operation = (doc: Document, method: string, path: string): Operation => {
    const found = doc.paths[path]?.[method.toLowerCase()];
    if (!found) throw new Error(`no ${method} ${path} in the document`);
    return found;
  };

  it('validates as OpenAPI 3.1, names Quorum, its version and the public address', async () => {
    const doc = await document();
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Spec);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse a broken document.
    const broken = { ...structuredClone(doc), paths: { '/api/health': { get: { responses: 'none' } } } };
    expect((await new Validator().validate(broken as unknown as Spec)).valid).toBe(false);
    expect(doc.info).toMatchObject({ title: 'Quorum', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.servers).toEqual([{ url: 'https://surveys.example.org' }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'session', 'signedLink']);
  });

  it('lists every registered /api route with its method and path, and nothing else', async () => {
    const doc = await document();
    const registered = registeredApiRoutes(t.app).filter((route) => !UNDOCUMENTED.test(route));
    expect(registered.length).toBeGreaterThan(40);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = registered.map((route) => {
      const [method, path] = route.split(' ');
      return `${method} ${openApiPath(path!)}`;
    });
    expect([...documented].sort()).toEqual([...expected].sort());
    // The document and its page are not operations of the API.
    expect(documented.filter((route) => /openapi\.json|\/api\/docs/.test(route))).toEqual([]);
  });

  it('gives each operation a unique id, a tag, a success and the error body for every error it lists', async () => {
    const doc = await document();
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, name).toBeTruthy();
        expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId!);
        expect(op.tags?.length, name).toBe(1);
        expect(op.tags, `${name} falls in no tag`).not.toEqual(['Other']);
        expect(
          Object.keys(op.responses).some((status) => /^2\d\d$/.test(status)),
          `${name}: a success`,
        ).toBe(true);
        expect(op.responses.default?.content?.['application/json']?.schema, `${name}: default`).toEqual({
          $ref: ERROR_REF,
        });
        for (const [status, response] of Object.entries(op.responses)) {
          expect(response.description, `${name} ${status}`).not.toBe('Default Response');
          if (!/^2/.test(status)) expect(response.description, `${name} ${status}`).not.toBe('Success.');
          if (/^[45]/.test(status)) {
            expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual({ $ref: ERROR_REF });
          }
        }
        if (path.includes('{')) expect(Object.keys(op.responses), `${name}: 404`).toContain('404');
        if (op.security?.length)
          expect(Object.keys(op.responses), `${name}: 401`).toEqual(expect.arrayContaining(['401', '403']));
        if (op.requestBody)
          expect(Object.keys(op.responses), `${name}: 413`).toEqual(expect.arrayContaining(['400', '413']));
      }
    }
    // The error body is one component, the contract's.
    expect(doc.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['message', 'code']),
      properties: { code: { enum: expect.arrayContaining(['VALIDATION_FAILED', 'RATE_LIMITED']) } },
    });
    expect(Object.keys(doc.components.schemas)).toEqual(['ErrorBody']);
    expect(errorBodySchema.safeParse({ message: 'x', code: 'NOT_FOUND' }).success).toBe(true);
  });

  it('carries the request and response schemas the routes declare', async () => {
    const doc = await document();
    const createSurvey = operation(doc, 'POST', '/api/surveys');
    const body = createSurvey.requestBody?.content['application/json']?.schema;
    expect(body?.required).toContain('title');
    expect(body?.properties).toHaveProperty('questions');
    expect(createSurvey.responses['201']?.content?.['application/json']?.schema).toMatchObject({
      properties: { surveyId: { type: 'string' }, questions: { type: 'array' } },
    });
    expect(Object.keys(createSurvey.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '409', '413']));

    const getSurvey = operation(doc, 'GET', '/api/surveys/{surveyId}');
    expect(getSurvey.parameters).toEqual([expect.objectContaining({ name: 'surveyId', in: 'path', required: true })]);
    expect(getSurvey.requestBody).toBeUndefined();

    const list = operation(doc, 'GET', '/api/surveys');
    expect(list.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'state', 'limit', 'offset']),
    );
    expect(list.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { surveys: { type: 'array' } },
    });

    const login = operation(doc, 'POST', '/api/user/auth/login');
    expect(login.requestBody?.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    // A file is described by its media type.
    const csv = operation(doc, 'GET', '/api/surveys/{surveyId}/results.csv');
    expect(Object.keys(csv.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(
      Object.keys(operation(doc, 'GET', '/api/surveys/{surveyId}/results/stream').responses['200']?.content ?? {}),
    ).toEqual(['text/event-stream']);
  });

  it('says which security each operation takes: none for public ones, the session for signed-in ones', async () => {
    const doc = await document();
    expect(operation(doc, 'GET', '/api/health').security).toEqual([]);
    expect(operation(doc, 'POST', '/api/user/auth/login').security).toEqual([]);
    expect(operation(doc, 'POST', '/api/surveys/{surveyId}/responses').security).toEqual([]);
    expect(operation(doc, 'PUT', '/api/user/auth/change-password').security).toEqual([{ session: [] }]);
    expect(operation(doc, 'GET', '/api/admin/audit').security).toEqual([{ session: [] }]);
    expect(operation(doc, 'GET', '/api/admin/audit').description).toMatch(/administrator/);
    expect(operation(doc, 'GET', '/api/health').responses).not.toHaveProperty('401');
    // The unsubscribe link's token is the mail's, not a signed download link: the route is public.
    const unsubscribe = operation(doc, 'POST', '/api/notifications/unsubscribe');
    expect(unsubscribe.security).toEqual([]);
    expect(unsubscribe.responses).not.toHaveProperty('401');
    expect(unsubscribe.description).toMatch(/Public: no sign-in/);
    expect(unsubscribe.parameters?.map((p) => `${p.in} ${p.name}`)).toContain('query token');
    // A download takes its signed link (or a session token); the link's token is the scheme, not a parameter.
    for (const path of ['/api/surveys/{surveyId}/results.csv', '/api/admin/audit/export.csv']) {
      const download = operation(doc, 'GET', path);
      expect(download.security, path).toEqual(expect.arrayContaining([{ session: [] }, { signedLink: [] }]));
      expect(
        download.parameters?.map((p) => p.name),
        path,
      ).not.toContain('token');
      expect(Object.keys(download.responses), path).toEqual(expect.arrayContaining(['401', '403']));
    }
    // Whichever routes take API keys name their scope next to the session.
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const key = op.security?.find((entry) => 'apiKey' in entry);
        if (!key) continue;
        expect(op.security?.every((entry) => 'session' in entry || 'apiKey' in entry || 'signedLink' in entry)).toBe(
          true,
        );
        expect(key.apiKey, `${method} ${path}`).toEqual([expect.stringMatching(/^(surveys|responses):(read|write)$/)]);
      }
    }
  });

  it('asks for a credential exactly where the role matrix refuses anonymous callers and lets signed-in ones in', async () => {
    const doc = await document();
    const guarded = new Map<string, boolean>();
    for (const row of ROLE_MATRIX) {
      const key = `${row.method} ${row.route}`;
      const [anonymous, ...signedIn] = row.expect;
      const refusesAnonymous = anonymous === 401 && signedIn.some((status) => status !== 401);
      guarded.set(key, (guarded.get(key) ?? false) || refusesAnonymous);
    }
    const wrong: string[] = [];
    for (const [key, needsCredential] of guarded) {
      if (UNDOCUMENTED.test(key)) continue;
      const [method, route] = key.split(' ') as [string, string];
      const op = operation(doc, method, openApiPath(route));
      const documented = (op.security ?? []).length > 0;
      if (documented !== needsCredential) wrong.push(`${key}: ${JSON.stringify(op.security)}`);
      if (!needsCredential && op.description && !/Public: no sign-in/.test(op.description))
        wrong.push(`${key}: access`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives operations their one-line summary, and keeps none for a route the server lacks', async () => {
    const doc = await document();
    expect(operation(doc, 'POST', '/api/surveys').summary).toBe('Create a survey');
    expect(operation(doc, 'GET', '/api/surveys/{surveyId}/results.csv').summary).toBe('The responses as CSV');
    const registered = new Set(registeredApiRoutes(t.app));
    expect([...SUMMARIES.keys()].filter((route) => !registered.has(route))).toEqual([]);
    const withoutSummary = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { summary?: string }>)
        .filter(([, op]) => !op.summary)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withoutSummary).toEqual([]);
  });

  it('answers the document to anybody, the same on every call', async () => {
    const user = await createUser(t.ctx);
    const anonymous = await request(t.app, 'GET', '/api/openapi.json');
    const signedIn = await request(t.app, 'GET', '/api/openapi.json', { token: user.token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
  });
});

describe(`API docs page (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('answers HTML whose scripts and styles are files of the app, under its Content-Security-Policy', async () => {
    const page = await request(t.app, 'GET', '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // No inline script: every script has a src, on this server.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(content!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/https?:\/\//);

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect([...assets].sort()).toEqual(API_DOCS_ASSETS.map((file) => `/api/docs/${file}`).sort());
    for (const asset of assets) {
      const res = await request(t.app, 'GET', asset);
      expect(res.statusCode, asset).toBe(200);
      const expected = asset.endsWith('.js')
        ? /^application\/javascript/
        : asset.endsWith('.css')
          ? /^text\/css/
          : /^image\/png/;
      expect(res.headers['content-type'], asset).toMatch(expected);
      expect(res.rawPayload.length, asset).toBeGreaterThan(100);
    }
    // Swagger UI itself, and the script that points it at the document.
    const bundle = await request(t.app, 'GET', '/api/docs/swagger-ui-bundle.js');
    expect(bundle.body).toContain('SwaggerUIBundle');
    const init = await request(t.app, 'GET', '/api/docs/quorum-docs.js');
    expect(init.body).toContain('"/api/openapi.json"');
  });

  it('sends the files gzipped to a client that takes gzip', async () => {
    const plain = await request(t.app, 'GET', '/api/docs/swagger-ui-bundle.js');
    const zipped = await request(t.app, 'GET', '/api/docs/swagger-ui-bundle.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('refuses any other file with the API error body', async () => {
    for (const url of ['/api/docs/nope.js', '/api/docs/%2e%2e%2fpackage.json', '/api/docs/swagger-ui.js']) {
      const res = await request(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const deeper = await request(t.app, 'GET', '/api/docs/static/swagger-ui.css');
    expect(deeper.statusCode).toBe(404);
    expect(deeper.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('operation rules', () => {
  const facts = (overrides: Partial<RouteFacts>): RouteFacts => ({
    method: 'GET',
    url: '/api/things',
    rateLimited: false,
    hasParams: false,
    hasQuery: false,
    hasBody: false,
    ...overrides,
  });

  it('a route that takes an API key accepts the session or a key with its scope, and may answer 401, 403 and 429', () => {
    const op = describeOperation(
      facts({ url: '/api/surveys/:surveyId', signedIn: ['user'], apiKeyScope: 'surveys:read', hasParams: true }),
    );
    expect(op.security).toEqual([{ session: [] }, { apiKey: ['surveys:read'] }]);
    expect([...op.errors.keys()]).toEqual(['400', '401', '403', '404', '429', 'default']);
    expect(op.access).toMatch(/`surveys:read`/);
    expect(op.tags).toEqual(['Surveys']);
  });

  it('a session-only route refuses keys; a public one takes no credential and answers no 401', () => {
    const sessionOnly = describeOperation(
      facts({ url: '/api/user/auth/change-password', method: 'PUT', signedIn: ['user'], hasBody: true }),
    );
    expect(sessionOnly.security).toEqual([{ session: [] }]);
    expect(sessionOnly.access).toMatch(/API keys are refused/);
    expect([...sessionOnly.errors.keys()]).toEqual(['400', '401', '403', '413', '415', 'default']);
    const admin = describeOperation(facts({ url: '/api/admin/audit', signedIn: ['admin'], rateLimited: true }));
    expect(admin.access).toMatch(/administrator/);
    expect([...admin.errors.keys()]).toEqual(['401', '403', '429', 'default']);
    const open = describeOperation(facts({ url: '/api/health' }));
    expect(open.security).toEqual([]);
    expect([...open.errors.keys()]).toEqual(['default']);
  });

  it('a download whose query takes a signed link accepts the link or the session, and may answer 401', () => {
    const op = describeOperation(
      facts({ url: '/api/surveys/:surveyId/results.csv', signedLink: true, hasQuery: true }),
    );
    expect(op.security).toEqual([{ session: [] }, { signedLink: [] }]);
    expect(op.errors.has('401')).toBe(true);
    expect(op.access).toMatch(/signed link/);
    // A guarded route with a `token` query is not a download: the session alone.
    const guarded = describeOperation(facts({ signedIn: ['user'], signedLink: true }));
    expect(guarded.security).toEqual([{ session: [] }]);
  });

  it('names operations and paths the OpenAPI way', () => {
    expect(operationId('GET', '/api/surveys/:surveyId/results.csv')).toBe('getSurveysBySurveyIdResultsCsv');
    expect(operationId('POST', '/api/user/auth/login/2fa')).toBe('postUserAuthLogin2fa');
    expect(openApiPath('/api/surveys/:surveyId/responses/:responseId')).toBe(
      '/api/surveys/{surveyId}/responses/{responseId}',
    );
  });

  it("reads a route's guard and its apiKeyScope and signedLink config when it builds the document", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const openApi = await registerOpenApi(app, testConfig());
    const plainGuard: AuthGuard = () => async (_request: FastifyRequest, _reply: FastifyReply) => undefined;
    const guard = openApi.recordGuards(plainGuard);
    const roles: UserType[] = ['user'];
    const params = z.object({ thingId: z.string() });
    app.get(
      '/api/things/:thingId',
      { onRequest: guard(...roles), config: { apiKeyScope: 'responses:read' }, schema: { params } },
      async () => ({}),
    );
    app.delete('/api/things/:thingId', { onRequest: [guard('user', 'admin')], schema: { params } }, async () => ({}));
    app.get('/api/open', async () => ({}));
    const tokenQuery = z.object({ token: z.string().optional() });
    app.get('/api/download.csv', { config: { signedLink: true }, schema: { querystring: tokenQuery } }, async () => '');
    app.post('/api/mail-link', { schema: { querystring: tokenQuery } }, async () => ({}));
    await app.ready();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as Document;
    expect(doc.paths['/api/things/{thingId}']?.get?.security).toEqual([
      { session: [] },
      { apiKey: ['responses:read'] },
    ]);
    expect(doc.paths['/api/things/{thingId}']?.delete?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/open']?.get?.security).toEqual([]);
    expect(doc.paths['/api/download.csv']?.get?.security).toEqual([{ session: [] }, { signedLink: [] }]);
    // A `token` in the query alone (a mail's link) makes no signed link: the route stays public.
    expect(doc.paths['/api/mail-link']?.post?.security).toEqual([]);
    await app.close();
  });
});
