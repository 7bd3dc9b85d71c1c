import {
  auditCsvQuerySchema,
  auditFilterQuerySchema,
  auditPageQuerySchema,
  auditPageSchema,
  exportLinkResponseSchema,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { bearerToken } from '../auth';
import { contentDisposition } from '../results';
import { createAuditService } from './audit.service';

const errors = errorResponses(400, 401, 429);

/**
 * `/api/admin/audit`: administrators read the audit log and download it as CSV. There are no routes that
 * change or delete entries: the log is append-only through the API, and only the retention sweep prunes it.
 */
export async function auditRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const audit = createAuditService(ctx);
  const adminOnly = ctx.guard('admin');

  app.get(
    '/admin/audit',
    {
      onRequest: adminOnly,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { querystring: auditPageQuerySchema, response: { 200: auditPageSchema, ...errors } },
    },
    async (request) => {
      const { cursor, ...filter } = request.query;
      return audit.page(filter, cursor);
    },
  );

  // --- CSV: an authenticated POST makes a 60-second signed link the browser downloads from. ---

  app.post(
    '/admin/audit/export-link',
    {
      onRequest: adminOnly,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { querystring: auditFilterQuerySchema, response: { 200: exportLinkResponseSchema, ...errors } },
    },
    async (request) => audit.createExportLink(requirePrincipal(request), request.query),
  );

  // The signed link is the credential (a browser download sends no Authorization header); an administrator's
  // bearer token also works.
  app.get(
    '/admin/audit/export.csv',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, signedLink: true },
      schema: { querystring: auditCsvQuerySchema },
    },
    async (request, reply) => {
      const { token, ...filter } = request.query;
      const download = await audit.openCsvDownload(filter, { link: token, bearer: bearerToken(request) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(download.fileName))
        .header('cache-control', 'no-store')
        .send(download.body);
    },
  );
}
