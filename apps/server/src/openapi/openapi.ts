import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_PREFIX, errorBodySchema, openApiDocumentSchema, type UserType } from '@quorum/contract';
import serverPackage from '../../package.json' with { type: 'json' };
import type { Config } from '../config';
import type { AuthGuard } from '../lib/principal';
import type { ZodApp } from '../lib/zod-app';
import { registerDocsPage } from './docs-page';
import { SUMMARIES } from './summaries';
import { describeOperation, ERROR_DESCRIPTIONS, TAGS, type RouteFacts } from './operations';

/** Where the document and its page are served. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * Contract schemas the document names as components (referenced with `$ref`) instead of repeating inline. Output
 * schemas keep the name; the same schema read as input is named with an `Input` suffix.
 */
const components = z.registry<{ id: string }>();
components.add(errorBodySchema, { id: 'ErrorBody' });
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

export interface OpenApi {
  /**
   * The same guard, remembering which roles each of its hooks admits, so the document can tell which operations
   * need a session. Routes must be built with the guard this returns.
   */
  recordGuards(guard: AuthGuard): AuthGuard;
}

/**
 * The OpenAPI 3.1 document of every /api route, generated from the zod schemas the routes declare, at
 * GET /api/openapi.json, and Swagger UI rendering it (files of the installed package, nothing from a CDN) at
 * /api/docs.
 *
 * Register before the routes: the document is made of the routes registered afterwards. It is built on its first
 * request, not at start-up, and kept (routes do not change once the app is ready).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<OpenApi> {
  const guardRoles = new WeakMap<object, readonly UserType[]>();
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: components, skipList: [] });
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quorum',
        version: serverPackage.version,
        description:
          'The Quorum REST API: surveys, responses and results, webhooks and the account. ' +
          'Every error answers `{ message, code, params }` (see the ErrorBody schema). ' +
          'Authenticate with a session token (from signing in) or, where an operation says so, a personal API key.',
      },
      servers: [{ url: config.publicUrl }],
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token from signing in (POST /api/user/auth/login or /api/admin/auth/login), sent as ' +
              '`Authorization: Bearer <token>`.',
          },
          signedLink: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description:
              'A download link made by an export-link operation carries its own credential in `token`, valid for ' +
              '60 seconds, so a browser can download without an Authorization header.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}…`,
            description:
              `A personal API key made on the profile's "API keys" tab, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. ` +
              'It acts as its owner within its scopes, on the operations that list it.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema = {}, url } = zodTransform(input);
      // Only the API: the web app's files and the metrics are not part of it.
      if (schema.hide || !url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      const extras = describeOperation(routeFacts(input.route, guardRoles));
      const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
      if (!Object.keys(response).some((status) => /^2/.test(status))) {
        // Answers that are not JSON (a file, an event stream) declare no schema: described by their media type.
        response['200'] = nonJsonAnswer(url);
      }
      for (const status of extras.errors.keys()) response[status] ??= { $ref: ERROR_BODY_REF };
      for (const [status, answer] of Object.entries(response)) {
        if (/^2/.test(status)) continue;
        (answer as { description?: string }).description =
          extras.errors.get(status) ?? ERROR_DESCRIPTIONS.get(status) ?? 'An error, with the error body.';
      }
      return {
        url,
        schema: {
          ...schema,
          ...summaryOf(schema.summary, input.route),
          tags: schema.tags ?? extras.tags,
          operationId: schema.operationId ?? extras.operationId,
          security: schema.security ?? extras.security,
          description: [schema.description, extras.access].filter(Boolean).join('\n\n'),
          response,
        },
      };
    },
    transformObject: (input) => finishDocument(zodTransformObject(input) as DocumentOutline),
  });

  const zodApp = app as unknown as ZodApp;
  registerDocsPage(zodApp, { page: API_DOCS_PATH, document: OPENAPI_JSON_PATH });

  zodApp.get(
    OPENAPI_JSON_PATH,
    { schema: { hide: true, response: { 200: openApiDocumentSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger() as z.infer<typeof openApiDocumentSchema>;
    },
  );

  return {
    recordGuards(guard) {
      return (...roles) => {
        const hook = guard(...roles);
        guardRoles.set(hook, roles);
        return hook;
      };
    },
  };
}

interface DocumentOutline {
  paths?: Record<string, Record<string, { tags?: string[]; responses?: Record<string, { description?: string }> }>>;
  tags?: Array<{ name: string }>;
  components?: { schemas?: Record<string, unknown> };
}

const SUCCESS_DESCRIPTIONS = new Map([
  ['200', 'Success.'],
  ['201', 'Created.'],
  ['202', 'Accepted.'],
  ['204', 'Done; no body.'],
]);

/**
 * Names each success after its status, and keeps only the tags some operation has and the component schemas some
 * operation refers to.
 */
function finishDocument<T extends DocumentOutline>(document: T): T {
  const usedTags = new Set<string>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response') {
          response.description = SUCCESS_DESCRIPTIONS.get(status) ?? 'Success.';
        }
      }
    }
  }
  if (document.tags) document.tags = document.tags.filter((tag) => usedTags.has(tag.name));
  const schemas = document.components?.schemas;
  if (schemas) {
    const used = new Set<string>();
    const text = JSON.stringify(document.paths ?? {});
    const pending = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (used.has(name)) continue;
      used.add(name);
      const refs = JSON.stringify(schemas[name] ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g);
      pending.push(...[...refs].map((match) => match[1]!));
    }
    document.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  }
  return document;
}

/** A success that is not JSON: a CSV or XLSX file, an event stream, or a body the path does not tell. */
function nonJsonAnswer(url: string): Record<string, unknown> {
  const mediaType = url.endsWith('.csv')
    ? 'text/csv'
    : url.endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : url.endsWith('/stream')
        ? 'text/event-stream'
        : undefined;
  if (!mediaType) return { type: 'null', description: 'Success.' };
  const format = mediaType === 'text/event-stream' ? undefined : 'binary';
  return {
    description: mediaType === 'text/event-stream' ? 'A stream of Server-Sent Events.' : 'The file.',
    content: { [mediaType]: { schema: { type: 'string', ...(format ? { format } : {}) } } },
  };
}

/** The route's own summary, else the one line kept for it here; none when neither says anything. */
function summaryOf(own: string | undefined, route: RouteOptions): { summary?: string } {
  const summary = own ?? SUMMARIES.get(`${[route.method].flat()[0]} ${route.url}`);
  return summary ? { summary } : {};
}

/**
 * What the operation rules read of a route: its method, path, guard roles, config (`apiKeyScope`, `signedLink`,
 * `rateLimit`) and declared schemas.
 */
function routeFacts(route: RouteOptions, guardRoles: WeakMap<object, readonly UserType[]>): RouteFacts {
  const hooks = [route.onRequest ?? []].flat();
  const signedIn = hooks.map((hook) => guardRoles.get(hook)).find((roles) => roles !== undefined);
  const schema = route.schema ?? {};
  const method = [route.method].flat()[0] ?? 'GET';
  return {
    method,
    url: route.url,
    ...(signedIn ? { signedIn } : {}),
    ...(route.config?.signedLink ? { signedLink: true } : {}),
    ...(route.config?.apiKeyScope ? { apiKeyScope: route.config.apiKeyScope } : {}),
    rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
    hasParams: Boolean(schema.params) || route.url.includes(':'),
    hasQuery: Boolean(schema.querystring),
    hasBody: Boolean(schema.body),
  };
}
