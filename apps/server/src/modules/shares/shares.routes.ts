import {
  errorBodySchema,
  noContentResponseSchema,
  resultsShareSchema,
  resultsShareStatusSchema,
  sharedResultsParamsSchema,
  sharedResultsQuerySchema,
  sharedResultsSchema,
  shareResultsBodySchema,
  surveyIdParamsSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createSharesService } from './shares.service';

/** Shared report requests per client and minute: the page asks every SHARED_RESULTS_REFRESH_SECONDS. */
export const SHARED_RESULTS_RATE_LIMIT = 120;

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * The shared read-only report: editors and owners of the survey's workspace share, update and revoke it under the
 * survey's results, whoever may see the results sees its link, and anyone with the link reads it (public,
 * rate-limited per client, never cached).
 */
export async function sharesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const shares = createSharesService(ctx);
  const path = '/surveys/:surveyId/results/share';
  const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post(
    path,
    {
      onRequest: ctx.guard('user', 'admin'),
      bodyLimit: 1024,
      config: writeLimit,
      schema: {
        params: surveyIdParamsSchema,
        body: shareResultsBodySchema,
        response: { 200: resultsShareSchema, ...errors },
      },
    },
    async (request) =>
      shares.share(requirePrincipal(request), request.params.surveyId, request.body.includeTextAnswers, request.ip),
  );

  app.get(
    path,
    {
      onRequest: ctx.guard('user', 'admin'),
      schema: { params: surveyIdParamsSchema, response: { 200: resultsShareStatusSchema, ...errors } },
    },
    async (request) => shares.status(requirePrincipal(request), request.params.surveyId),
  );

  app.delete(
    path,
    {
      onRequest: ctx.guard('user', 'admin'),
      config: writeLimit,
      schema: { params: surveyIdParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await shares.revoke(requirePrincipal(request), request.params.surveyId, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shared/results/:token',
    {
      config: { rateLimit: { max: SHARED_RESULTS_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        params: sharedResultsParamsSchema,
        querystring: sharedResultsQuerySchema,
        response: { 200: sharedResultsSchema, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      // A bearer secret in the path: never cached by the browser or anything on the way.
      void reply.header('cache-control', 'no-store');
      return shares.sharedResults(request.params.token, request.query.tz);
    },
  );
}
