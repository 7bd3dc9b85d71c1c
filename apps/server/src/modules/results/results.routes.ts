import {
  exportLinkBodySchema,
  exportQuerySchema,
  exportLinkResponseSchema,
  responsesPageQuerySchema,
  responsesPageSchema,
  resultsQuerySchema,
  resultsResponseSchema,
  surveyIdParamsSchema,
  type ExportFormat,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { isApiKey, requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { bearerToken } from '../auth';
import { contentDisposition } from './results.csv';
import { createResultsService } from './results.service';

const errors = errorResponses(400, 401, 403, 404, 429);

export async function resultsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const results = createResultsService(ctx);
  const keyGuard = ctx.guard('user', 'admin');

  app.get(
    '/surveys/:surveyId/results',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { apiKeyScope: 'responses:read' },
      schema: {
        params: surveyIdParamsSchema,
        querystring: resultsQuerySchema,
        response: { 200: resultsResponseSchema, ...errors },
      },
    },
    async (request) =>
      results.getResults(requirePrincipal(request), request.params.surveyId, request.ip, request.query),
  );

  app.get(
    '/surveys/:surveyId/responses',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { apiKeyScope: 'responses:read' },
      schema: {
        params: surveyIdParamsSchema,
        querystring: responsesPageQuerySchema,
        response: { 200: responsesPageSchema, ...errors },
      },
    },
    async (request) => results.getResponsesPage(requirePrincipal(request), request.params.surveyId, request.query),
  );

  // --- Exports: an authenticated POST makes a 60-second signed link the browser downloads the CSV or XLSX from. ---

  app.post(
    '/surveys/:surveyId/results/export-link',
    {
      onRequest: ctx.guard('user', 'admin'),
      // The filter's conditions: 20 of at most 500 characters each, with room for escapes.
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, apiKeyScope: 'responses:read' },
      schema: {
        params: surveyIdParamsSchema,
        // No body at all still asks for the CSV of every response.
        body: exportLinkBodySchema.nullish(),
        response: { 200: exportLinkResponseSchema, ...errors },
      },
    },
    async (request) => results.createExportLink(requirePrincipal(request), request.params.surveyId, request.body ?? {}),
  );

  // The signed link is the credential (a browser download sends no Authorization header); a bearer token also works.
  for (const format of ['csv', 'xlsx'] as const satisfies readonly ExportFormat[]) {
    app.get(
      `/surveys/:surveyId/results.${format}`,
      {
        // An API key is checked (scope, per-key limit) before anything is read; other credentials below.
        onRequest: async (request, reply) => {
          const bearer = bearerToken(request);
          if (bearer && isApiKey(bearer)) await keyGuard(request, reply);
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' }, apiKeyScope: 'responses:read', signedLink: true },
        schema: { params: surveyIdParamsSchema, querystring: exportQuerySchema },
      },
      async (request, reply) => {
        const { token, ...filter } = request.query;
        const download = await results.openDownload(
          format,
          request.params.surveyId,
          { link: token, bearer: bearerToken(request), apiKeyPrincipal: request.principal },
          filter,
        );
        return reply
          .header('content-type', download.contentType)
          .header('content-disposition', contentDisposition(download.fileName))
          .header('cache-control', 'no-store')
          .send(download.body);
      },
    );
  }

  // --- Live updates: Server-Sent Events, authenticated by the Authorization header (fetch streaming). ---

  // Open streams would keep the server from closing: end them before it waits for requests in flight.
  app.addHook('preClose', async () => results.closeLiveStreams());
  // An account whose access ended (signed out, key revoked, removed from a workspace) loses its open streams.
  const stopWatching = results.watchAccessEnded();
  app.addHook('onClose', async () => stopWatching());

  app.get(
    '/surveys/:surveyId/results/stream',
    {
      onRequest: ctx.guard('user', 'admin'),
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, apiKeyScope: 'responses:read' },
      schema: { params: surveyIdParamsSchema },
    },
    async (request, reply) => {
      const stream = await results.openLiveStream(requirePrincipal(request), request.params.surveyId);
      reply.raw.on('close', stream.close);
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
