import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SMALL_BODY_BYTES, errorDetail, validationParams, type ErrorBody } from '@quorum/contract';
import { createRecaptchaBotCheck, disabledBotCheck } from './botcheck/bot-check';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateToLatest, openDatabase } from './db/database';
import { createInMemoryLiveEvents, type LiveEvents } from './events/live-events';
import { createOutboxNudge, createSurveyEvents } from './events/survey-events';
import { startOutboxSweep } from './outbox/outbox-sweep';
import { RESPONSE_PROJECTIONS } from './projections';
import { createWorkspaceSurveys } from './workspace-surveys';
import { enqueueWebhookDeliveries, webhooksRoutes, startWebhookWorker } from './modules/webhooks';
import { enqueueNotificationMail, startDigests, startMailWorker, notificationsRoutes } from './modules/notifications';
import type { Redis } from 'ioredis';
import { createRedisLiveEvents } from './events/redis-live-events';
import { systemClock, type Clock } from './lib/clock';
import { registerOpenApi } from './openapi/openapi';
import { AppError, BadRequestError, TooManyRequestsError } from './lib/errors';
import { collectHeaders, createClientErrorHandler, createFrameworkErrorHandler } from './lib/http-errors';
import { registerJsonBodyParser } from './lib/json-body';
import { redactUrl } from './lib/redact';
import type { ZodApp } from './lib/zod-app';
import { createMailer } from './mail/mailer';
import { createMetrics, registerMetrics, UNMATCHED_ROUTE } from './metrics/metrics';
import { bootstrapAdmin, adminsRoutes } from './modules/admins';
import { createAuditLog, auditRoutes, startAuditSweep } from './modules/audit';
import { createApiKeyAuthenticator, createApiKeysSignOut, apiKeysRoutes } from './modules/api-keys';
import { createAuthGuard, sessionsRoutes, createTokenService } from './modules/auth';
import { configRoutes } from './modules/config';
import { generateRoutes } from './modules/generate';
import { translateRoutes } from './modules/translate';
import { healthRoutes } from './modules/health';
import { createLifecycle } from './lib/lifecycle';
import { imagesRoutes } from './modules/images';
import { insightsRoutes } from './modules/insights';
import { responsesRoutes } from './modules/responses';
import { responseRoutes, resultsRoutes } from './modules/results';
import { sharesRoutes } from './modules/shares';
import { surveysRoutes, startSurveyCloser } from './modules/surveys';
import { ssoRoutes } from './modules/sso';
import { accountRoutes, startAccountSweep, passwordResetRoutes, usersRoutes } from './modules/users';
import { twoFactorRoutes } from './modules/two-factor';
import { visitsRoutes, startVisitSweep } from './modules/visits';
import { workspacesRoutes } from './modules/workspaces';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the routes were built with. */
    ctx: AppContext;
  }
}

export interface BuildOptions {
  clock?: Clock;
  liveEvents?: LiveEvents;
  /** Where the JSON log lines go; standard output when absent. */
  logStream?: { write(line: string): void };
}

/** Builds the whole application without listening. The caller owns `close()`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Security headers from helmet, built once (the CSP parsed once), applied to every answer, including the
  // ones written before routing or straight to the socket.
  // X-Frame-Options: DENY (helmet's default is SAMEORIGIN), as the CSP's frame-ancestors 'none': no site, this one
  // included, may frame a page or an answer. The public survey pages lift both (allowAnyFramer).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: cspDirectives(config) },
    xFrameOptions: { action: 'deny' },
  });
  const frameworkErrors = createFrameworkErrorHandler(securityHeaders, toErrorBody);
  const app = Fastify({
    // One JSON line per request, written when it is answered (the hooks below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-recaptcha-token"]'],
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    genReqId: () => randomUUID(),
    // Small by default: routes that take more (saving a survey, submitting a response) raise their own.
    bodyLimit: SMALL_BODY_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // Slow and idle clients: the headers must arrive within HTTP_HEADERS_TIMEOUT_MS and the whole request
    // (headers and body) within HTTP_REQUEST_TIMEOUT_MS, else Node answers 408 and closes the connection; a
    // connection silent for as long is closed too. Node checks these deadlines every checking interval, so the
    // interval is kept small against them. Responses are not bound by them: a live-results stream sends a
    // heartbeat well within the idle limit, and a CSV download keeps its socket busy while it is read.
    requestTimeout: config.httpRequestTimeoutMs,
    connectionTimeout: config.httpRequestTimeoutMs + config.httpHeadersTimeoutMs,
    keepAliveTimeout: Math.min(5_000, config.httpHeadersTimeoutMs),
    http: {
      headersTimeout: config.httpHeadersTimeoutMs,
      requestTimeout: config.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(config.httpHeadersTimeoutMs / 4))),
    },
    clientErrorHandler: createClientErrorHandler(collectHeaders(securityHeaders)),
    frameworkErrors: (error, request, reply) => {
      void reply.header('x-request-id', request.id);
      frameworkErrors(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = openDatabase(config.database);
  app.addHook('onClose', async () => db.close());
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }

  // ioredis is loaded only when Redis is configured: a single instance without it starts faster.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  if (redis) logRedisOutages(app, redis);

  const tokens = createTokenService(config.jwtSecret, config.jwtExpiresInHours);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const liveEvents = options.liveEvents ?? (redis ? createRedisLiveEvents(redis, app.log) : createInMemoryLiveEvents());
  app.addHook('onClose', async () => liveEvents.close());

  const metrics = await createMetrics({ poolStats: db.poolStats, mailQueueDepth: () => mailer.queueDepth() }, config);
  const lifecycle = createLifecycle();
  // The readiness check fails from the moment the app starts closing (server.ts marks it earlier, on SIGTERM).
  app.addHook('preClose', async () => lifecycle.startDraining());

  const clock = options.clock ?? systemClock;
  const outbox = createOutboxNudge();
  // The outboxes subscribe to survey events here: webhook deliveries first, then the owner's mail.
  const events = createSurveyEvents();
  events.subscribe(enqueueWebhookDeliveries);
  events.subscribe(enqueueNotificationMail);
  const audit = createAuditLog({ db, clock });
  const ctx: AppContext = {
    config,
    db,
    log: app.log,
    clock,
    tokens,
    guard: createAuthGuard(db.kysely, tokens, createApiKeyAuthenticator({ db, clock, config, audit })),
    signOutApiKeys: createApiKeysSignOut(audit),
    mailer,
    botCheck: config.recaptcha
      ? createRecaptchaBotCheck(
          { ...config.recaptcha, expectedHostname: new URL(config.publicUrl).hostname },
          redis,
          app.log,
        )
      : disabledBotCheck,
    liveEvents,
    audit,
    redis,
    metrics,
    lifecycle,
    outbox,
    events,
    projections: RESPONSE_PROJECTIONS,
    workspaceSurveys: createWorkspaceSurveys(RESPONSE_PROJECTIONS),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('principal', null);

  registerRequestLogging(app);
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
  // A NUL character in the path or query string: refused before any route reads it (PostgreSQL cannot store
  // one, so neither database is offered one).
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw new BadRequestError('NUL_CHARACTER');
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'quorum-rl:' } : {}),
    errorResponseBuilder: (_request, context) => new TooManyRequestsError('RATE_LIMITED', context.ttl / 1000),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorBody(error, request.id);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A refusal the catalog has no code of its own for yet: worth one.
    else if (body.code === 'BAD_REQUEST') request.log.warn({ err: error }, 'client error without its own code');
    if (error instanceof AppError) reply.headers(error.headers);
    return reply.status(status).send(body);
  });
  registerMetrics(app, metrics, config);

  // The OpenAPI document (/api/openapi.json) and its page (/api/docs), made of the routes registered after it; the
  // guard tells it which roles each route admits.
  const openApi = await registerOpenApi(app, config);
  ctx.guard = openApi.recordGuards(ctx.guard);

  await app.register(
    async (api) => {
      const zodApi = api as unknown as ZodApp;
      for (const routes of [
        healthRoutes,
        configRoutes,
        usersRoutes,
        accountRoutes,
        passwordResetRoutes,
        adminsRoutes,
        sessionsRoutes,
        ssoRoutes,
        auditRoutes,
        twoFactorRoutes,
        surveysRoutes,
        imagesRoutes,
        responsesRoutes,
        visitsRoutes,
        resultsRoutes,
        insightsRoutes,
        sharesRoutes,
        responseRoutes,
        generateRoutes,
        translateRoutes,
        webhooksRoutes,
        apiKeysRoutes,
        notificationsRoutes,
        workspacesRoutes,
      ]) {
        await routes(zodApi, ctx);
      }
    },
    { prefix: '/api' },
  );

  registerSpa(app, config);
  if (!config.recaptcha)
    app.log.info('Bot check is disabled (set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY to enable it)');
  await bootstrapAdmin(ctx);
  // Unverified accounts left alone for 7 days, finished login counts, expired revocations and day-old reset links
  // are removed now and every hour.
  app.addHook('onClose', startAccountSweep(ctx));
  // Audit log entries older than AUDIT_RETENTION_DAYS are pruned now and every hour.
  app.addHook('onClose', startAuditSweep(ctx));
  // Active surveys whose closing time has passed are closed now and every 30 seconds.
  app.addHook('onClose', startSurveyCloser(ctx));
  // Visits older than VISIT_RETENTION_DAYS that never ended in a response are removed now and every hour.
  app.addHook('onClose', startVisitSweep(ctx));
  // The outbox workers: webhook deliveries and background mail leave now, at every nudge and every OUTBOX_POLL_MS.
  const webhookWorker = startWebhookWorker(ctx);
  outbox.add(webhookWorker);
  app.addHook('onClose', async () => webhookWorker.stop());
  const mailWorker = startMailWorker(ctx);
  outbox.add(mailWorker);
  app.addHook('onClose', async () => mailWorker.stop());
  // Webhook deliveries and mail finished more than OUTBOX_RETENTION_DAYS ago are pruned now and every hour.
  app.addHook('onClose', startOutboxSweep(ctx));
  // Daily digests of new responses are written once DIGEST_HOUR has passed in DIGEST_TIME_ZONE, looked for every 5 min.
  app.addHook('onClose', startDigests(ctx));
  return app;
}

/**
 * Request logs: the request id goes back in an `x-request-id` header on every answer, and each request makes one
 * JSON line when it is answered (`request completed`: requestId, method, route pattern, redacted URL, status,
 * duration). Bodies and headers are never logged. At LOG_LEVEL=debug a `request received` line comes first.
 */
function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    request.log.debug({ req: request }, 'request received');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        url: redactUrl(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        remoteAddress: request.ip,
      },
      'request completed',
    );
  });
}

/**
 * A lost Redis connection is logged once as a warning (ioredis keeps retrying, and the readiness check reports it),
 * and its return once; unlistened, ioredis would print every failed retry outside the JSON log.
 */
function logRedisOutages(app: FastifyInstance, redis: Redis): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err: error }, 'Redis does not answer; retrying');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('Redis answers again');
  });
}

/** Fastify's own refusals of a body, by their code. */
const FASTIFY_BODY_ERRORS = new Map<
  string,
  'MALFORMED_JSON' | 'EMPTY_JSON_BODY' | 'BODY_LENGTH_MISMATCH' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE'
>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'MALFORMED_JSON'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'EMPTY_JSON_BODY'],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'BODY_LENGTH_MISMATCH'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'PAYLOAD_TOO_LARGE'],
]);

/** Maps any error to its status and the `{ message, code, params }` body; 5xx never carry internals. */
export function toErrorBody(error: FastifyError | Error, requestId: string): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: error.toBody() };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    if (!issue?.message) return { status: 400, body: errorDetail('VALIDATION_FAILED') };
    const raw = issue.message;
    const path = issue.instancePath.split('/').filter(Boolean);
    const where = path.join('.');
    const message = where && /^Invalid|^Too|^Unrecognized|^expected/i.test(raw) ? `${where}: ${raw}` : raw;
    const params = validationParams(
      { ...issue.params, code: issue.keyword, path, message: raw },
      (error as FastifyError).validationContext,
    );
    return { status: 400, body: { message, code: 'VALIDATION_FAILED', params } };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  const bodyError = FASTIFY_BODY_ERRORS.get(fastifyError.code ?? '');
  if (bodyError) return { status: bodyError === 'PAYLOAD_TOO_LARGE' ? 413 : status, body: errorDetail(bodyError) };
  if (status === 400 && error instanceof SyntaxError) return { status, body: errorDetail('MALFORMED_JSON') };
  if (status === 413) return { status, body: errorDetail('PAYLOAD_TOO_LARGE') };
  if (status === 429) return { status, body: errorDetail('RATE_LIMITED') };
  if (status === 404) return { status, body: errorDetail('NOT_FOUND') };
  if (status >= 400 && status < 500) return { status, body: errorDetail('BAD_REQUEST', { status }) };
  return {
    status: status >= 500 && status < 600 ? status : 500,
    body: { ...errorDetail('INTERNAL'), requestId },
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses from the socket's end of the chain,
 * so the client address is the one the outermost trusted proxy appended, never one the client wrote itself.
 * (Fastify refuses hop counts outright, since a client that reaches the app directly can add hops of its own;
 * a deployment where that can happen lists its proxies' addresses instead, as the README says.)
 */
function trustProxyOption(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

function cspDirectives(config: Config): Record<string, string[] | null> {
  const botOrigins: string[] = [];
  if (config.recaptcha) {
    const origin = new URL(config.recaptcha.scriptUrl).origin;
    botOrigins.push(origin);
    if (origin === 'https://www.google.com') botOrigins.push('https://www.gstatic.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...botOrigins],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    connectSrc: ["'self'", ...botOrigins],
    frameSrc: botOrigins.length ? botOrigins : ["'none'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every client route, except a public survey
 * and its thank-you page, which get public-survey.html (the same pages built with Preact instead of React, for a
 * small download: docs/decisions/038-public-page-on-preact.md) when the build has it.
 */
function registerSpa(app: FastifyInstance, config: Config): void {
  const dist = config.webDist;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const hasSpa = Boolean(indexFile && existsSync(indexFile));
  const hasPublicPage = Boolean(dist && hasSpa && existsSync(path.join(dist, PUBLIC_PAGE_FILE)));
  if (dist && hasSpa) {
    void app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each text asset (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(errorDetail('ROUTE_NOT_FOUND', { method: request.method, path: pathname }));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorDetail('NOT_FOUND'));
    }
    if (/\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send(errorDetail('FILE_NOT_FOUND'));
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build`, or use `npm start`, which builds it.');
    }
    if (PUBLIC_SURVEY_PAGE.test(pathname)) {
      allowAnyFramer(reply);
      if (hasPublicPage) return reply.header('cache-control', 'no-cache').sendFile(PUBLIC_PAGE_FILE);
    }
    // A shared report's address holds its secret: the page is never stored (helmet's Referrer-Policy: no-referrer
    // keeps the address from leaving with a link, and framing stays refused).
    const cacheControl = SHARED_REPORT_PAGE.test(pathname) ? 'no-store' : 'no-cache';
    return reply.header('cache-control', cacheControl).sendFile('index.html');
  });
}

/**
 * The public survey pages (a survey and its thank-you page): the only pages any site may show in a frame, so that a
 * survey can be embedded. Every other page, the API included, keeps `frame-ancestors 'none'` and X-Frame-Options.
 */
const PUBLIC_SURVEY_PAGE = /^\/projects\/[^/]+\/surveys\/[^/]+(\/thank-you)?\/?$/;

/** The public survey pages' html in the web build (apps/web/public-survey.html). */
const PUBLIC_PAGE_FILE = 'public-survey.html';

/** A shared results report's page: /shared/results/:token. */
const SHARED_REPORT_PAGE = /^\/shared\/results\/[^/]+\/?$/;

/** Lets any site frame this answer: `frame-ancestors *` in the CSP helmet set, and no X-Frame-Options. */
function allowAnyFramer(reply: FastifyReply): void {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.raw.setHeader('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
  reply.raw.removeHeader('x-frame-options');
}
