import {
  createdWebhookSchema,
  createWebhookBodySchema,
  deliveryListSchema,
  deliveryParamsSchema,
  deliverySchema,
  noContentResponseSchema,
  surveyIdParamsSchema,
  updateWebhookBodySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createWebhooksService } from './webhooks.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** A webhook's body: a URL of at most 2048 characters and three events, with room for JSON around them. */
const WEBHOOK_BODY_BYTES = 4096;

/**
 * A survey's webhooks (editors and owners of its workspace): create, list, change, delete, send a test event, see the deliveries and
 * send one again. API keys read with `surveys:read` and change with `surveys:write`; whatever sends or shows
 * responses also needs `responses:read`, which the service checks (it depends on the events).
 */
export async function webhooksRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const webhooks = createWebhooksService(ctx);
  const base = '/surveys/:surveyId/webhooks';
  const one = `${base}/:webhookId`;
  const guard = ctx.guard('user', 'admin');
  const read = { apiKeyScope: 'surveys:read' as const };
  const write = { apiKeyScope: 'surveys:write' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };
  // Each of these makes an outbound request.
  const send = { apiKeyScope: 'surveys:write' as const, rateLimit: { max: 10, timeWindow: '1 minute' } };

  app.post(
    base,
    {
      onRequest: guard,
      bodyLimit: WEBHOOK_BODY_BYTES,
      config: write,
      schema: {
        params: surveyIdParamsSchema,
        body: createWebhookBodySchema,
        response: { 201: createdWebhookSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await webhooks.create(
        requirePrincipal(request),
        request.params.surveyId,
        request.body,
        request.ip,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    base,
    {
      onRequest: guard,
      config: read,
      schema: { params: surveyIdParamsSchema, response: { 200: webhookListSchema, ...errors } },
    },
    async (request) => webhooks.list(requirePrincipal(request), request.params.surveyId),
  );

  app.patch(
    one,
    {
      onRequest: guard,
      bodyLimit: WEBHOOK_BODY_BYTES,
      config: write,
      schema: {
        params: webhookParamsSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookSchema, ...errors },
      },
    },
    async (request) =>
      webhooks.update(
        requirePrincipal(request),
        request.params.surveyId,
        request.params.webhookId,
        request.body,
        request.ip,
      ),
  );

  app.delete(
    one,
    {
      onRequest: guard,
      config: write,
      schema: { params: webhookParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await webhooks.remove(requirePrincipal(request), request.params.surveyId, request.params.webhookId, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${one}/test`,
    {
      onRequest: guard,
      config: send,
      schema: { params: webhookParamsSchema, response: { 202: deliverySchema, ...errors } },
    },
    async (request, reply) => {
      const delivery = await webhooks.sendTest(
        requirePrincipal(request),
        request.params.surveyId,
        request.params.webhookId,
      );
      return reply.status(202).send(delivery);
    },
  );

  app.get(
    `${one}/deliveries`,
    {
      onRequest: guard,
      config: read,
      schema: { params: webhookParamsSchema, response: { 200: deliveryListSchema, ...errors } },
    },
    async (request) =>
      webhooks.deliveries(requirePrincipal(request), request.params.surveyId, request.params.webhookId),
  );

  app.post(
    `${one}/deliveries/:deliveryId/resend`,
    {
      onRequest: guard,
      config: send,
      schema: { params: deliveryParamsSchema, response: { 202: deliverySchema, ...errors } },
    },
    async (request, reply) => {
      const { surveyId, webhookId, deliveryId } = request.params;
      const delivery = await webhooks.resend(requirePrincipal(request), surveyId, webhookId, deliveryId);
      return reply.status(202).send(delivery);
    },
  );
}
