import { useMutation } from '@tanstack/react-query';
import type { ExportLinkResponse } from '@quorum/contract';
import { api } from '@/lib/api-client';
import { startDownload } from '@/lib/download';
import { auditQuery, type AuditLogFilter } from './get-audit-log';

/** POST /api/admin/audit/export-link: a 60-second signed link to the CSV of this filter. */
export const createAuditExportLink = (filter: AuditLogFilter) =>
  api<ExportLinkResponse>(`/api/admin/audit/export-link?${auditQuery(filter).toString()}`, { method: 'POST' });

/** The browser downloads the CSV itself, streamed, without holding it in the page. */
export const useDownloadAuditCsv = () =>
  useMutation({
    mutationFn: createAuditExportLink,
    onSuccess: ({ url }) => startDownload(url),
  });
