import type { FastifyRequest } from 'fastify';
import {
  csvFileName,
  errorBodySchema,
  EXPORT_LINK_TTL_SECONDS,
  exportCsvQuerySchema,
  exportLinkResponseSchema,
  RESULTS_MESSAGES,
  responsesPageQuerySchema,
  responsesPageSchema,
  resultsResponseSchema,
  surveyIdParamsSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { ZodApp } from '../../lib/zod-app';
import { findPrincipal } from '../auth/auth.repository';
import { requirePrincipal } from '../../lib/principal';
import { bearerToken, principalFromToken } from '../auth/auth.guard';
import { createExportLinkSigner } from './export-link';
import { findResultsSurvey } from './results.repository';
import { contentDisposition, createCsvExportStream } from './results.csv';
import { createResultsService } from './results.service';
import { openResultsStream } from './results.stream';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

export async function resultsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  const results = createResultsService(ctx);
  const signer = createExportLinkSigner(ctx.config.jwtSecret);
  const viewer = requirePrincipal;

  app.get(
    '/surveys/:surveyId/results',
    {
      onRequest: ctx.guard('user', 'admin'),
      schema: { params: surveyIdParamsSchema, response: { 200: resultsResponseSchema, ...errors } },
    },
    async (request) => results.getResults(viewer(request), request.params.surveyId),
  );

  app.get(
    '/surveys/:surveyId/responses',
    {
      onRequest: ctx.guard('user', 'admin'),
      schema: {
        params: surveyIdParamsSchema,
        querystring: responsesPageQuerySchema,
        response: { 200: responsesPageSchema, ...errors },
      },
    },
    async (request) => results.getResponsesPage(viewer(request), request.params.surveyId, request.query),
  );

  // --- CSV export: an authenticated POST makes a 60-second signed link the browser downloads from. ---

  app.post(
    '/surveys/:surveyId/results/export-link',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: surveyIdParamsSchema, response: { 200: exportLinkResponseSchema, ...errors } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const survey = await results.access.loadSurveyFor(viewer(request), request.params.surveyId, 'export-results');
      const expiresAt = ctx.clock.now().getTime() + EXPORT_LINK_TTL_SECONDS * 1000;
      const token = signer.sign({
        surveyId: survey.id,
        principalType: principal.type,
        principalId: principal.id,
        tokenVersion: principal.tokenVersion,
        expiresAt,
      });
      return {
        url: `/api/surveys/${encodeURIComponent(survey.id)}/results.csv?token=${token}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },
  );

  /** The account behind a download: a valid signed link for this survey, else a bearer token. */
  async function downloadViewer(request: FastifyRequest, surveyId: string, token: string | undefined) {
    if (token !== undefined) {
      const claims = signer.verify(token);
      const valid = claims && claims.surveyId === surveyId && claims.expiresAt > ctx.clock.now().getTime();
      const account = valid ? await findPrincipal(db, claims.principalType, claims.principalId) : undefined;
      if (!claims || !account || account.token_version !== claims.tokenVersion) {
        throw new UnauthorizedError(RESULTS_MESSAGES.linkExpired, 'INVALID_TOKEN');
      }
      return { id: account.id, type: claims.principalType };
    }
    const bearer = bearerToken(request);
    const principal = bearer ? await principalFromToken(db, ctx.tokens, bearer) : null;
    if (!principal) throw new UnauthorizedError();
    return { id: principal.id, type: principal.type };
  }

  app.get(
    '/surveys/:surveyId/results.csv',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: surveyIdParamsSchema, querystring: exportCsvQuerySchema },
    },
    async (request, reply) => {
      const { surveyId } = request.params;
      const survey = await results.access.loadSurveyFor(
        await downloadViewer(request, surveyId, request.query.token),
        surveyId,
        'export-results',
      );
      const body = await createCsvExportStream(db, survey.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(csvFileName(survey.title)))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  // --- Live updates: Server-Sent Events, authenticated by the Authorization header (fetch streaming). ---

  const open = new Set<() => void>();
  // Open streams would keep the server from closing: end them before it waits for requests in flight.
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  app.get(
    '/surveys/:surveyId/results/stream',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: surveyIdParamsSchema },
    },
    async (request, reply) => {
      const survey = await results.access.loadSurveyFor(viewer(request), request.params.surveyId, 'view-results');
      const stream = openResultsStream(ctx.liveEvents, survey.id, async () => {
        const fresh = await findResultsSurvey(db, survey.id);
        return fresh?.response_count ?? Number(survey.response_count);
      });
      open.add(stream.close);
      const done = () => {
        stream.close();
        open.delete(stream.close);
      };
      reply.raw.on('close', done);
      stream.body.on('close', done);
      // A stream is quiet between events by design: it keeps its own heartbeat and maximum duration rather
      // than the idle-connection limit that ends silent clients.
      request.raw.socket.setTimeout(0);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The socket is not reused after a stream: when the server ends streams to shut down, the
          // connections close with them instead of lingering as keep-alive and holding the shutdown up.
          .header('connection', 'close')
          .send(stream.body)
      );
    },
  );
}
