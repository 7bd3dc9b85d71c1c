import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';

/** The window SURVEY_WRITE_RATE_LIMIT counts in. */
export const SURVEY_WRITE_WINDOW_MS = 60_000;

export type SurveyWriteLimit = (request: FastifyRequest) => Promise<void>;

const limits = new WeakMap<AppContext, SurveyWriteLimit>();

/**
 * One budget of survey writes per signed-in account: creating, editing, changing the state and generating
 * all draw from it, SURVEY_WRITE_RATE_LIMIT per minute, on every instance when Redis is configured (the store
 * @fastify/rate-limit was registered with). A route's own `config.rateLimit` gets a store of its own, which
 * would give each route a separate budget; so the limiter is made once per application here and every write
 * route runs it as a preHandler, after the guard has set the principal. Over budget: 429 with Retry-After.
 */
export function surveyWriteLimit(app: ZodApp, ctx: AppContext): SurveyWriteLimit {
  const existing = limits.get(ctx);
  if (existing) return existing;
  const check = app.createRateLimit({
    max: ctx.config.surveyWriteRateLimit,
    timeWindow: SURVEY_WRITE_WINDOW_MS,
    keyGenerator: (request) =>
      request.principal
        ? `survey-write:${request.principal.type}:${request.principal.id}`
        : `survey-write:ip:${request.ip}`,
  });
  const limit: SurveyWriteLimit = async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new TooManyRequestsError('SURVEY_WRITE_RATE_LIMITED', Math.max(1, result.ttlInSeconds));
    }
  };
  limits.set(ctx, limit);
  return limit;
}
