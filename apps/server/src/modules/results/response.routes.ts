import { noContentResponseSchema, responseIdParamsSchema, responseRowSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createResponseDetailService } from './response-detail.service';

const errors = errorResponses(401, 403, 404, 429);

/** One response of a survey: its detail for whoever may see the results, its deletion for its workspace's editors and owners. */
export async function responseRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const responses = createResponseDetailService(ctx);

  app.get(
    '/surveys/:surveyId/responses/:responseId',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { apiKeyScope: 'responses:read' },
      schema: { params: responseIdParamsSchema, response: { 200: responseRowSchema, ...errors } },
    },
    async (request) =>
      responses.getResponse(requirePrincipal(request), request.params.surveyId, request.params.responseId),
  );

  app.delete(
    '/surveys/:surveyId/responses/:responseId',
    {
      onRequest: ctx.guard('user', 'admin'),
      // Nothing is read from the body.
      bodyLimit: 1024,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, apiKeyScope: 'responses:write' },
      schema: { params: responseIdParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { surveyId, responseId } = request.params;
      await responses.deleteResponse(requirePrincipal(request), surveyId, responseId, request.ip);
      return reply.status(204).send(null);
    },
  );
}
