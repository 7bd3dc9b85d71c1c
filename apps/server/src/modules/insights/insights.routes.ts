import type { FastifyRequest } from 'fastify';
import { insightsQuerySchema, insightsResponseSchema, surveyIdParamsSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createAnalysisPool } from './insights-pool';
import { createInsightsService } from './insights.service';

const errors = errorResponses(400, 401, 403, 404, 429, 503);

export async function insightsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const pool = createAnalysisPool({ size: ctx.config.insights.workers, queueLimit: ctx.config.insights.queueLimit });
  app.addHook('onClose', async () => pool.close());
  const insights = createInsightsService(ctx, pool);

  app.get(
    '/surveys/:surveyId/results/insights',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: {
        // Reading thousands of answers is CPU work: INSIGHTS_RATE_LIMIT requests per account and minute, whichever
        // addresses or API keys they come from (counted after the guard has named the account).
        rateLimit: {
          max: ctx.config.insights.rateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            request.principal
              ? `insights:${request.principal.type}:${request.principal.id}`
              : `insights:ip:${request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new TooManyRequestsError('RATE_LIMITED', context.ttl / 1000),
        },
        apiKeyScope: 'responses:read',
      },
      schema: {
        params: surveyIdParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: insightsResponseSchema, ...errors },
      },
    },
    async (request) => insights.getInsights(requirePrincipal(request), request.params.surveyId, request.query),
  );
}
