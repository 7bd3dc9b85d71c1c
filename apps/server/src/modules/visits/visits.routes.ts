import {
  createVisitResponseSchema,
  errorBodySchema,
  noContentResponseSchema,
  surveyIdParamsSchema,
  visitParamsSchema,
  visitProgressBodySchema,
} from '@quorum/contract';
import type { FastifyRequest } from 'fastify';
import { isJsonObject } from '@quorum/contract';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';
import { createVisitsService } from './visits.service';

/**
 * Progress calls a page may make per visit allowed for each submission: one per question reached. A client
 * still gets as many views per minute as submissions (SUBMIT_RATE_LIMIT).
 */
const PROGRESS_CALLS_PER_SUBMISSION = 20;

/** The window VISITS_PER_CLIENT_PER_HOUR counts in. */
const VISIT_CAP_WINDOW_MS = 60 * 60_000;

/**
 * The public page's funnel: no sign-in, rate limited per client like submissions, small bodies only. Views of one
 * survey are also capped per client address and hour (VISITS_PER_CLIENT_PER_HOUR), on every instance when Redis is
 * configured (the store @fastify/rate-limit was registered with): one client cannot fill a survey's funnel with
 * views. Over the cap: 429 RATE_LIMITED with Retry-After, and no view counted (the page still works without).
 */
export async function visitsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const visits = createVisitsService(ctx);
  const visitCap = app.createRateLimit({
    max: ctx.config.visitsPerClientPerHour,
    timeWindow: VISIT_CAP_WINDOW_MS,
    keyGenerator: (request) => {
      const surveyId = isJsonObject(request.params) ? request.params.surveyId : undefined;
      return `visit-survey:${request.ip}:${String(surveyId)}`;
    },
  });
  const capVisits = async (request: FastifyRequest) => {
    const result = await visitCap(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new TooManyRequestsError('RATE_LIMITED', Math.max(1, result.ttlInSeconds));
    }
  };

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
      // Before the body and the handler: a view over the cap is refused before anything is read or stored.
      onRequest: capVisits,
      schema: {
        params: surveyIdParamsSchema,
        response: { 201: createVisitResponseSchema, 404: errorBodySchema, 429: errorBodySchema },
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
        response: { 204: noContentResponseSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await visits.recordProgress(request.params.surveyId, request.params.visitId, request.body.questionId);
      return reply.status(204).send(null);
    },
  );
}
