import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  noContentResponseSchema,
} from '@quorum/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createApiKeysService } from './api-keys.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Key changes per account and minute. */
const WRITE_RATE_LIMIT = 20;

/**
 * A user's personal API keys under `/api/user/api-keys`: make one (shown once), list them, revoke one. Signed-in
 * users only, with a session: an API key never manages keys (no `apiKeyScope`, so the guard refuses it).
 */
export async function apiKeysRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const apiKeys = createApiKeysService(ctx);
  const userOnly = ctx.guard('user');
  const writeLimit = {
    rateLimit: {
      max: WRITE_RATE_LIMIT,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `api-keys:${request.principal?.id ?? request.ip}`,
    },
  };

  app.post(
    '/user/api-keys',
    {
      onRequest: userOnly,
      config: writeLimit,
      // A name and at most four scopes.
      bodyLimit: 4096,
      schema: { body: createApiKeyBodySchema, response: { 201: createdApiKeySchema, ...errors } },
    },
    async (request, reply) => {
      const created = await apiKeys.create(requirePrincipal(request), request.body, request.ip);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/user/api-keys',
    { onRequest: userOnly, schema: { response: { 200: apiKeyListSchema, ...errors } } },
    async (request) => apiKeys.list(requirePrincipal(request)),
  );

  app.delete(
    '/user/api-keys/:id',
    {
      onRequest: userOnly,
      config: writeLimit,
      // Nothing is read from the body.
      bodyLimit: 1024,
      schema: { params: apiKeyParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await apiKeys.revoke(requirePrincipal(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
}
