import {
  stateChangeBodySchema,
  stateChangeResponseSchema,
  surveyIdParamsSchema,
  surveyInputSchema,
  surveyListQuerySchema,
  surveyListResponseSchema,
  publicSurveyQuerySchema,
  publicSurveySchema,
  surveySchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { requirePrincipal } from '../../lib/principal';
import { createSurveysService } from './surveys.service';
import { surveyWriteLimit } from './survey-write-limit';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * The authoring API. Users and administrators both pass the guard; the service decides what each
 * may do (an administrator reads everything and may only restore; creating and editing are for
 * users, refused to administrators with 403 so their session is not thrown away).
 */
export async function surveysRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const surveys = createSurveysService(ctx);
  const signedIn = ctx.guard('user', 'admin');
  // Creating, editing and state changes share one per-account budget of writes (with generation).
  const writeLimit = surveyWriteLimit(app, ctx);

  app.get(
    '/surveys',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:read' },
      schema: { querystring: surveyListQuerySchema, response: { 200: surveyListResponseSchema, ...errors } },
    },
    async (request) => surveys.list(requirePrincipal(request), request.query),
  );

  app.post(
    '/surveys',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:write' },
      preHandler: writeLimit,
      bodyLimit: ctx.config.bodyLimit,
      schema: { body: surveyInputSchema, response: { 201: surveySchema, ...errors } },
    },
    async (request, reply) => {
      const survey = await surveys.create(requirePrincipal(request), request.body);
      return reply.status(201).send(survey);
    },
  );

  app.get(
    '/surveys/:surveyId',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:read' },
      schema: { params: surveyIdParamsSchema, response: { 200: surveySchema, ...errors } },
    },
    async (request) => surveys.get(requirePrincipal(request), request.params.surveyId),
  );

  app.post(
    '/surveys/:surveyId/duplicate',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:write' },
      preHandler: writeLimit,
      // No body is read: the copy is made from the stored survey.
      bodyLimit: 1024,
      schema: { params: surveyIdParamsSchema, response: { 201: surveySchema, ...errors } },
    },
    async (request, reply) => {
      const survey = await surveys.duplicate(requirePrincipal(request), request.params.surveyId);
      return reply.status(201).send(survey);
    },
  );

  app.get(
    '/surveys/:surveyId/preview',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:read' },
      schema: {
        params: surveyIdParamsSchema,
        querystring: publicSurveyQuerySchema,
        response: { 200: publicSurveySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('vary', 'Accept-Language');
      return surveys.preview(requirePrincipal(request), request.params.surveyId, {
        lang: request.query.lang,
        acceptLanguage: request.headers['accept-language'],
      });
    },
  );

  app.put(
    '/surveys/:surveyId',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:write' },
      preHandler: writeLimit,
      bodyLimit: ctx.config.bodyLimit,
      schema: { params: surveyIdParamsSchema, body: surveyInputSchema, response: { 200: surveySchema, ...errors } },
    },
    async (request) => surveys.update(requirePrincipal(request), request.params.surveyId, request.body),
  );

  app.patch(
    '/surveys/:surveyId/state',
    {
      onRequest: signedIn,
      config: { apiKeyScope: 'surveys:write' },
      preHandler: writeLimit,
      schema: {
        params: surveyIdParamsSchema,
        body: stateChangeBodySchema,
        response: { 200: stateChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      surveys.changeState(requirePrincipal(request), request.params.surveyId, request.body.state, request.ip),
  );
}
