import type { FastifyRequest } from 'fastify';
import { surveyIdParamsSchema, translateSurveyBodySchema, translateSurveyResponseSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { requirePrincipal } from '../../lib/principal';
import { createAiTranslator } from './ai-translator';
import { createTranslateService } from './translate.service';

/** Translations per account per window: room to translate a survey into several languages, a ceiling on costs. */
export const TRANSLATE_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 } as const;

/** The body is one language code. */
const TRANSLATE_BODY_LIMIT = 1024;

export async function translateRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const translator = ctx.config.ai ? createAiTranslator(ctx.config.ai, ctx.log) : undefined;
  const service = createTranslateService({ db: ctx.db, clock: ctx.clock, translator });

  app.post(
    '/surveys/:surveyId/translate',
    {
      // Signed in before the body is read; administrators pass the guard and are refused as for editing.
      onRequest: ctx.guard('user', 'admin'),
      bodyLimit: TRANSLATE_BODY_LIMIT,
      config: {
        rateLimit: {
          ...TRANSLATE_RATE_LIMIT,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `translate:${request.principal?.id ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new TooManyRequestsError('TRANSLATE_RATE_LIMITED', context.ttl / 1000),
        },
      },
      schema: {
        params: surveyIdParamsSchema,
        body: translateSurveyBodySchema,
        response: {
          200: translateSurveyResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502, 503, 504),
        },
      },
    },
    async (request) => service.translate(requirePrincipal(request), request.params.surveyId, request.body.language),
  );
}
