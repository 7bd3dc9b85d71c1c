import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEventType, AuditPage } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** The audit log's filter as the screen holds it: event types, and a range of local calendar days. */
export interface AuditLogFilter {
  types: AuditEventType[];
  /** YYYY-MM-DD, the first day shown (local time); '' for no lower bound. */
  from: string;
  /** YYYY-MM-DD, the last day shown (local time); '' for no upper bound. */
  to: string;
}

/** Local midnight of a YYYY-MM-DD day, `addDays` later, as an ISO instant. */
function dayStart(day: string, addDays = 0): string {
  const [year = NaN, month = NaN, date = NaN] = day.split('-').map(Number);
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** The API's query for a filter: `to` is exclusive, so the last day runs to the next local midnight. */
export function auditQuery(filter: AuditLogFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const type of filter.types) query.append('type', type);
  if (filter.from) query.set('from', dayStart(filter.from));
  if (filter.to) query.set('to', dayStart(filter.to, 1));
  return query;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditLogFilter) => [...auditKeys.all, 'list', filter] as const,
};

/** GET /api/admin/audit: one page, newest first; `cursor` is the previous page's nextCursor. */
export const getAuditPage = (filter: AuditLogFilter, cursor: string | null, signal?: AbortSignal) => {
  const query = auditQuery(filter);
  if (cursor) query.set('cursor', cursor);
  return api<AuditPage>(`/api/admin/audit?${query.toString()}`, { signal });
};

export const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getAuditPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The pages loaded so far; `enabled` false while the screen's filter cannot be sent (a reversed range). */
export const useAuditLog = (filter: AuditLogFilter, enabled = true) =>
  useInfiniteQuery({ ...auditLogQueryOptions(filter), enabled });
