import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema, errorDetail } from '@quorum/contract';
import type { Config } from '../config';
import { UnauthorizedError } from '../lib/errors';

/** The label of requests that matched no route: never the raw URL, which would grow the series without bound. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Connections in a database pool, by state. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What the rest of the server reports; one instance per app. It records only when `/metrics` is served somewhere
 * (METRICS_TOKEN or METRICS_PORT): otherwise nothing could ever read the figures, and it is a no-op.
 */
export interface Metrics {
  /** The Prometheus text of every metric. */
  render(): Promise<{ contentType: string; body: string }>;
  /** One answered HTTP request: its method, route pattern (or UNMATCHED_ROUTE), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A response submission answered: stored (`accepted`) or turned away (`refused`). */
  countSubmission(outcome: 'accepted' | 'refused'): void;
  /** One group commit of responses: how many it carried and how long its transaction took. */
  observeGroupCommit(batchSize: number, seconds: number): void;
  /** A live results stream opened; call the returned function (once or more) when it ends. */
  trackSseConnection(): () => void;
  /** One text-insights request answered: read by a worker (`analysed`), from the cache (`cached`), or refused as busy. */
  countInsights(outcome: 'analysed' | 'cached' | 'busy'): void;
}

export interface MetricsSources {
  /** The PostgreSQL pool's connections; absent on SQLite (one connection, opened for the life of the process). */
  poolStats?: () => PoolStats;
  /** Mails being delivered in the background. */
  mailQueueDepth: () => number;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];

/** Whether the settings serve `/metrics` anywhere: on the app behind METRICS_TOKEN or on METRICS_PORT. */
function metricsServed(config: Pick<Config, 'metricsToken' | 'metricsPort'>): boolean {
  return config.metricsToken !== undefined || config.metricsPort !== undefined;
}

/** The metrics of an app whose `/metrics` is served nowhere: nothing recorded, prom-client never loaded. */
const UNRECORDED: Metrics = {
  async render() {
    return { contentType: 'text/plain; version=0.0.4; charset=utf-8', body: '' };
  },
  observeRequest() {},
  countSubmission() {},
  observeGroupCommit() {},
  trackSseConnection: () => () => {},
  countInsights() {},
};

/**
 * Builds the metrics of one app instance on a registry of its own (never prom-client's global one) when `/metrics`
 * is served; prom-client (with its default metrics' event-loop histogram) is loaded only then.
 */
export async function createMetrics(
  sources: MetricsSources,
  config: Pick<Config, 'metricsToken' | 'metricsPort'>,
): Promise<Metrics> {
  if (!metricsServed(config)) return UNRECORDED;
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quorum_' });

  const requests = new Counter({
    name: 'quorum_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'quorum_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer being sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'quorum_submissions_total',
    help: 'Survey response submissions answered: accepted (stored) or refused (invalid, closed survey, rate limited).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Both outcomes exist from the start, so a rate over them works before the first refusal.
  submissions.inc({ outcome: 'accepted' }, 0);
  submissions.inc({ outcome: 'refused' }, 0);
  const batchSize = new Histogram({
    name: 'quorum_submission_batch_size',
    help: 'Responses written per group commit.',
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const commitSeconds = new Histogram({
    name: 'quorum_submission_commit_seconds',
    help: 'Time one group commit of responses took, transaction included.',
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const sseConnections = new Gauge({
    name: 'quorum_sse_connections',
    help: 'Live results streams (Server-Sent Events) open now.',
    registers: [registry],
  });
  const insights = new Counter({
    name: 'quorum_insights_total',
    help: 'Text-insights requests answered: analysed by a worker, answered from the cache, or refused as busy (503).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['analysed', 'cached', 'busy'] as const) insights.inc({ outcome }, 0);
  const { poolStats } = sources;
  if (poolStats) {
    new Gauge({
      name: 'quorum_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  new Gauge({
    name: 'quorum_mail_queue_depth',
    help: 'Mails being delivered in the background now.',
    registers: [registry],
    collect() {
      this.set(sources.mailQueueDepth());
    },
  });

  return {
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestDuration.observe(labels, seconds);
    },
    countSubmission(outcome) {
      submissions.inc({ outcome });
    },
    observeGroupCommit(size, seconds) {
      batchSize.observe(size);
      commitSeconds.observe(seconds);
    },
    countInsights(outcome) {
      insights.inc({ outcome });
    },
    trackSseConnection() {
      sseConnections.inc();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        sseConnections.dec();
      };
    },
  };
}

/** Compares a presented token with the configured one in constant time (hashes, so lengths never leak). */
function tokenMatches(presented: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected));
}

function bearerOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer (\S+)$/i.exec(value ?? '');
  return match?.[1];
}

/**
 * Counts every answered request by route pattern and, when the settings allow it, serves `GET /metrics`:
 * on the app itself behind METRICS_TOKEN, or on a listener of its own at METRICS_PORT (same host, started when the
 * app listens, closed with it). Otherwise `/metrics` answers 404 as any unknown address would.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: Config): void {
  if (metricsServed(config)) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }

  const { metricsToken, metricsPort } = config;
  const onApp = metricsToken !== undefined && metricsPort === undefined;
  app.get(
    '/metrics',
    { schema: { response: { 401: errorBodySchema, 404: errorBodySchema } } },
    async (request, reply) => {
      if (!onApp) return reply.status(404).send(errorDetail('NOT_FOUND'));
      if (!tokenMatches(bearerOf(request.headers.authorization), metricsToken)) throw new UnauthorizedError();
      const { contentType, body } = await metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );

  if (metricsPort === undefined) return;
  let server: Server | undefined;
  app.addHook('onListen', async () => {
    server = createMetricsServer(metrics, metricsToken);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(metricsPort, config.host, () => resolve());
    });
    app.log.info(`Metrics are served at http://${config.host}:${metricsPort}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!server?.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
}

/** The small listener of METRICS_PORT: `GET /metrics` and nothing else (the token too when one is set). */
function createMetricsServer(metrics: Metrics, token: string | undefined): Server {
  return createServer((request, response) => {
    const send = (status: number, contentType: string, body: string) => {
      response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
      response.end(body);
    };
    const json = 'application/json; charset=utf-8';
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      send(404, json, JSON.stringify(errorDetail('NOT_FOUND')));
      return;
    }
    if (token !== undefined && !tokenMatches(bearerOf(request.headers.authorization), token)) {
      send(401, json, JSON.stringify(errorDetail('UNAUTHORIZED')));
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => send(200, contentType, body),
      () => send(500, json, JSON.stringify(errorDetail('INTERNAL'))),
    );
  });
}
