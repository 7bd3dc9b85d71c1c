import { insightsQuerySchema, insightsResponseSchema, surveyIdParamsSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createInsightsService } from './insights.service';

/** Reading thousands of answers is CPU work: requests per client and minute. */
export const INSIGHTS_RATE_LIMIT = 30;

const errors = errorResponses(400, 401, 403, 404, 429);

export async function insightsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const insights = createInsightsService(ctx);

  app.get(
    '/surveys/:surveyId/results/insights',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { rateLimit: { max: INSIGHTS_RATE_LIMIT, timeWindow: '1 minute' }, apiKeyScope: 'responses:read' },
      schema: {
        params: surveyIdParamsSchema,
        querystring: insightsQuerySchema,
        response: { 200: insightsResponseSchema, ...errors },
      },
    },
    async (request) => insights.getInsights(requirePrincipal(request), request.params.surveyId, request.query),
  );
}
