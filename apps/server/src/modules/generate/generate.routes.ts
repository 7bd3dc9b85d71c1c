import type { FastifyRequest } from 'fastify';
import { errorBodySchema, generateSurveyBodySchema, surveySchema } from '@quorum/contract';
import { createSurveyDraftGenerator } from '../../ai/create-generator';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';
import { requirePrincipal } from '../../lib/principal';
import { surveyWriteLimit, createSurveysService } from '../surveys';
import { createGenerateService } from './generate.service';

/** Generations per user per window: generous for trying ideas, a ceiling on provider costs. */
export const GENERATE_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

export async function generateRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const generator = createSurveyDraftGenerator(ctx.config, ctx.log);
  ctx.log.info({ generator: generator.kind }, `Survey generation: ${generator.description}`);
  const service = createGenerateService({ log: ctx.log, generator, surveys: createSurveysService(ctx) });

  app.post(
    '/surveys/generate',
    {
      // The guard runs first and the limit is counted per signed-in account, on every instance when
      // Redis is configured (the store is the one @fastify/rate-limit was registered with).
      onRequest: ctx.guard('user', 'admin'),
      // A generated survey is a survey write too: it also draws from the account's write budget.
      preHandler: surveyWriteLimit(app, ctx),
      config: {
        rateLimit: {
          ...GENERATE_RATE_LIMIT,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `generate:${request.principal?.id ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new TooManyRequestsError('GENERATE_RATE_LIMITED', context.ttl / 1000),
        },
      },
      schema: {
        body: generateSurveyBodySchema,
        response: {
          201: surveySchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
          504: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const survey = await service.generate(requirePrincipal(request), request.body.prompt, request.body.workspaceId);
      return reply.status(201).send(survey);
    },
  );
}
