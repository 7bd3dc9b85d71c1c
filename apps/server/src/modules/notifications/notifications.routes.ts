import {
  SMALL_BODY_BYTES,
  unsubscribeQuerySchema,
  unsubscribeRequestBodySchema,
  unsubscribeResponseSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/zod-app';
import { BadRequestError } from '../../lib/errors';
import { createNotificationsService } from './notifications.service';

/** Unsubscribe attempts per client address per minute. */
const UNSUBSCRIBE_RATE_LIMIT = 20;

/**
 * `POST /api/notifications/unsubscribe`: the unsubscribe link of a notification mail, without signing in. Either
 * JSON `{ token }` (the web page's button), or the one-click form of RFC 8058: `List-Unsubscribe=One-Click` as
 * application/x-www-form-urlencoded, with the token in the query string (the mail's List-Unsubscribe header). The
 * form parser is registered for this route's scope only. A GET changes nothing: there is none.
 */
export async function notificationsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const notifications = createNotificationsService(ctx);
  await app.register(async (plugin) => {
    const scope = plugin as unknown as ZodApp;
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SMALL_BODY_BYTES },
      (_request, body, done) => {
        // Object.fromEntries keeps every name an own key ("__proto__" included); the schema takes one name only.
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(
      '/notifications/unsubscribe',
      {
        bodyLimit: SMALL_BODY_BYTES,
        schema: {
          querystring: unsubscribeQuerySchema,
          body: unsubscribeRequestBodySchema,
          response: { 200: unsubscribeResponseSchema },
        },
        config: {
          rateLimit: {
            max: UNSUBSCRIBE_RATE_LIMIT,
            timeWindow: '1 minute',
            keyGenerator: (request: { ip: string }) => `unsubscribe:${request.ip}`,
          },
        },
      },
      async (request) => {
        const fromBody = 'token' in request.body ? request.body.token : undefined;
        const fromQuery = request.query.token;
        // One token, in the body or (one-click) in the address; both or neither is not a link of ours.
        if ((fromBody === undefined) === (fromQuery === undefined))
          throw new BadRequestError('UNSUBSCRIBE_LINK_INVALID');
        return notifications.unsubscribe(fromBody ?? fromQuery, request.ip);
      },
    );
  });
}
