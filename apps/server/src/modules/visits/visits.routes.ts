import {
  createVisitResponseSchema,
  errorBodySchema,
  noContentResponseSchema,
  surveyIdParamsSchema,
  visitParamsSchema,
  visitProgressBodySchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';
import { createVisitsService } from './visits.service';

/**
 * Progress calls a page may make per visit allowed for each submission: one per question reached. A client
 * still gets as many views per minute as submissions (SUBMIT_RATE_LIMIT).
 */
const PROGRESS_CALLS_PER_SUBMISSION = 20;

/** The public page's funnel: no sign-in, rate limited per client like submissions, small bodies only. */
export async function visitsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const visits = createVisitsService(ctx);

  app.post(
    '/surveys/:surveyId/visits',
    {
      // Nothing is read from the body.
      bodyLimit: 1024,
      config: {
        rateLimit: {
          max: ctx.config.submitRateLimit,
          timeWindow: 60_000,
          keyGenerator: (request: { ip: string }) => `visit:${request.ip}`,
        },
      },
      schema: {
        params: surveyIdParamsSchema,
        response: { 201: createVisitResponseSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await visits.createVisit(request.params.surveyId)),
  );

  app.post(
    '/surveys/:surveyId/visits/:visitId/progress',
    {
      bodyLimit: 1024,
      config: {
        rateLimit: {
          max: ctx.config.submitRateLimit * PROGRESS_CALLS_PER_SUBMISSION,
          timeWindow: 60_000,
          keyGenerator: (request: { ip: string }) => `visit-progress:${request.ip}`,
        },
      },
      schema: {
        params: visitParamsSchema,
        body: visitProgressBodySchema,
        response: { 204: noContentResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await visits.recordProgress(request.params.surveyId, request.params.visitId, request.body.questionId);
      return reply.status(204).send(null);
    },
  );
}
