import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { BotCheck } from './botcheck/bot-check';
import type { Config } from './config';
import type { Db } from './db/database';
import type { LiveEvents } from './events/live-events';
import type { AuditLog } from './lib/audit';
import type { Clock } from './lib/clock';
import type { Lifecycle } from './lib/lifecycle';
import type { ApiKeysSignOut, AuthGuard, TokenService } from './lib/principal';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics/metrics';
import type { OutboxNudge, SurveyEvents } from './events/survey-events';
import type { ResponseProjection } from './lib/response-projection';
import type { WorkspaceSurveys } from './lib/workspace-surveys';

/** Everything the route modules need, made once in buildApp and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  tokens: TokenService;
  guard: AuthGuard;
  /** Ends a user's API keys when they sign out everywhere (made by the api-keys module, used by the sessions). */
  signOutApiKeys: ApiKeysSignOut;
  mailer: Mailer;
  botCheck: BotCheck;
  liveEvents: LiveEvents;
  /** Security-relevant events, appended for administrators to read. */
  audit: AuditLog;
  /** Present when REDIS_URL is set: shared rate limits, lockouts and live events. */
  redis: Redis | undefined;
  /** Prometheus metrics of this app instance (always recorded; served only when configured). */
  metrics: Metrics;
  /** Whether the instance is shutting down (the readiness check reads it). */
  lifecycle: Lifecycle;
  /** Wakes this instance's outbox workers (webhook deliveries, mail) after a transaction wrote to an outbox. */
  outbox: OutboxNudge;
  /** Survey events (a response, a deletion, a close), recorded for the outboxes that subscribed. */
  events: SurveyEvents;
  /** What the response write keeps in step with the responses, in order (src/projections.ts). */
  projections: readonly ResponseProjection[];
  /** The surveys of workspaces, for the workspaces module and account deletion (src/workspace-surveys.ts). */
  workspaceSurveys: WorkspaceSurveys;
}
