import {
  errorBodySchema,
  MAX_SUBMISSION_BYTES,
  publicSurveyQuerySchema,
  publicSurveySchema,
  submitResponseBodySchema,
  submitResponseResponseSchema,
  surveyIdParamsSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';
import { createResponsesService } from './responses.service';

/** Public survey taking: no sign-in, nothing about the owner, submissions rate limited per client. */
export async function responsesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const service = createResponsesService(ctx);
  // Let queued responses reach the database before the connection closes.
  app.addHook('onClose', async () => service.drain());

  app.get(
    '/surveys/:surveyId/public',
    {
      schema: {
        params: surveyIdParamsSchema,
        querystring: publicSurveyQuerySchema,
        response: { 200: publicSurveySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The texts follow the browser's languages when `lang` does not decide.
      reply.header('vary', 'Accept-Language');
      return service.getPublicSurvey(request.params.surveyId, {
        lang: request.query.lang,
        acceptLanguage: request.headers['accept-language'],
      });
    },
  );

  app.post(
    '/surveys/:surveyId/responses',
    {
      // What the largest valid response needs, and no more.
      bodyLimit: MAX_SUBMISSION_BYTES,
      config: {
        rateLimit: {
          max: ctx.config.submitRateLimit,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError('SUBMIT_RATE_LIMITED', context.ttl / 1000),
        },
      },
      // Every answer counts: 201 stored, any other client error refused (invalid, closed survey, rate limited).
      onResponse: async (_request, reply) => {
        if (reply.statusCode === 201) ctx.metrics.countSubmission('accepted');
        else if (reply.statusCode < 500) ctx.metrics.countSubmission('refused');
      },
      schema: {
        params: surveyIdParamsSchema,
        body: submitResponseBodySchema,
        response: {
          201: submitResponseResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.submit(request.params.surveyId, request.body);
      return reply.status(201).send(result);
    },
  );
}
