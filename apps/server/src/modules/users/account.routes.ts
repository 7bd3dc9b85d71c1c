import { deleteAccountBodySchema, deleteAccountResponseSchema } from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { contentDisposition } from '../results';
import { deleteAccount } from './account-deletion';
import { openAccountExport } from './account-export';

const errors = errorResponses(400, 401, 409, 429);

/** A user's own account as a whole: download everything it holds, or delete it for good. */
export async function accountRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const userOnly = ctx.guard('user');

  // Reading a whole account is costly: a few downloads per client per 10 minutes. A streamed answer: the
  // document's shape is the contract's accountExportSchema, checked by the tests rather than per request.
  app.get(
    '/user/account/export',
    {
      onRequest: userOnly,
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const download = await openAccountExport(ctx, requirePrincipal(request));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition(download.fileName))
        .header('cache-control', 'no-store')
        .send(download.body);
    },
  );

  // Each attempt checks a password: as many per client as logins.
  app.delete(
    '/user/account',
    {
      onRequest: userOnly,
      config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountResponseSchema, ...errors } },
    },
    async (request) => deleteAccount(ctx, requirePrincipal(request), request.body.password, request.ip),
  );
}
