import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Download, FileClock, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { AUDIT_EVENT_TYPES, auditEventTypeSchema, type AuditEventType, type AuditLogEntry } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import { useAuditLog, type AuditLogFilter } from '../api/get-audit-log';
import { AUDIT_EVENT_LABELS, actorText, targetText } from '../lib/audit-labels';

const FETCH_FAILED = 'Failed to load the audit log';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The event choice while the address names several types (the API takes several; the menu picks one). */
const SEVERAL = 'several';
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const numberFormat = new Intl.NumberFormat();

const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
};

/** The filter, read from the address: `type` (repeatable), `from` and `to` (calendar days). */
function readFilter(params: URLSearchParams): AuditLogFilter {
  const types = params
    .getAll('type')
    .map((type) => auditEventTypeSchema.safeParse(type))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return { types, from: day('from'), to: day('to') };
}

function filterParams({ types, from, to }: AuditLogFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const type of types) params.append('type', type);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params;
}

/**
 * The audit log (administrators): every security-relevant event, newest first, filtered by event type and a
 * range of days kept in the address, 50 at a time with "Load more", and the same filter as a CSV download.
 */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const rangeInvalid = Boolean(filter.from && filter.to && filter.from > filter.to);
  const listId = useId();
  const query = useAuditLog(filter, !rangeInvalid);
  const csv = useDownloadAuditCsv();

  const change = (changes: Partial<AuditLogFilter>) =>
    setParams(filterParams({ ...filter, ...changes }), { replace: true });

  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = filter.types.length > 0 || Boolean(filter.from || filter.to);
  // Announced when "Load more" adds entries.
  const announcement =
    (query.data?.pages.length ?? 0) > 1 ? `${numberFormat.format(entries.length)} entries shown` : '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit Log"
        description="Security-relevant events: sign-ins, password and two-factor changes, deleted accounts and surveys, and results opened by administrators."
        actions={
          <Button
            variant="secondary"
            onClick={() => csv.mutate(filter)}
            loading={csv.isPending}
            disabled={rangeInvalid || csv.isPending}
          >
            {!csv.isPending && <Download className="size-4" aria-hidden="true" />}
            Download CSV
          </Button>
        }
      />
      {csv.isError && <Banner tone="error">{errorMessage(csv.error, 'Failed to download the audit log')}</Banner>}

      <form
        role="search"
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-[1fr_10rem_10rem]"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Event">
          {({ id, describedBy }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              aria-controls={listId}
              value={filter.types.length > 1 ? SEVERAL : (filter.types[0] ?? '')}
              onChange={(e) => {
                const parsed = auditEventTypeSchema.safeParse(e.target.value);
                change({ types: parsed.success ? [parsed.data] : [] });
              }}
            >
              <option value="">All events</option>
              {filter.types.length > 1 && (
                <option value={SEVERAL} disabled>
                  {filter.types.length} event types
                </option>
              )}
              {AUDIT_EVENT_TYPES.map((type: AuditEventType) => (
                <option key={type} value={type}>
                  {AUDIT_EVENT_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="From">
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-controls={listId}
              type="date"
              value={filter.from}
              max={filter.to || undefined}
              onChange={(e) => change({ from: e.target.value })}
            />
          )}
        </Field>
        <Field label="To" error={rangeInvalid ? 'To must not be before From' : undefined}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-controls={listId}
              type="date"
              value={filter.to}
              min={filter.from || undefined}
              onChange={(e) => change({ to: e.target.value })}
            />
          )}
        </Field>
      </form>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <section id={listId} aria-label="Audit log entries" aria-busy={query.isFetching} className="space-y-4">
        {rangeInvalid ? null : query.isPending ? (
          <LogSkeleton />
        ) : query.isError && entries.length === 0 ? (
          <EmptyState
            tone="danger"
            className="rounded-card border border-slate-200 bg-white"
            icon={<TriangleAlert className="size-10" aria-hidden="true" />}
            title="The audit log could not be loaded"
            action={
              <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
                {!query.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
                Try again
              </Button>
            }
          >
            {errorMessage(query.error, FETCH_FAILED)}
          </EmptyState>
        ) : entries.length === 0 ? (
          <EmptyState
            className="rounded-card border border-dashed border-slate-300 bg-white"
            icon={
              filtered ? (
                <SearchX className="size-10" aria-hidden="true" />
              ) : (
                <FileClock className="size-10" aria-hidden="true" />
              )
            }
            title={filtered ? 'No entries match' : 'No entries yet'}
            action={
              filtered && (
                <Button variant="secondary" onClick={() => change({ types: [], from: '', to: '' })}>
                  Clear filter
                </Button>
              )
            }
          >
            {filtered ? 'No event matches this filter.' : 'Security-relevant events appear here as they happen.'}
          </EmptyState>
        ) : (
          <>
            <AuditTable entries={entries} />
            <AuditCards entries={entries} />
            {query.isFetchNextPageError && (
              <Banner tone="error">{errorMessage(query.error, 'Failed to load more entries')}</Banner>
            )}
            {query.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function Who({ text }: { text: { primary: string; secondary: string | null } | null }) {
  if (!text) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-0 [overflow-wrap:anywhere]">
      <p className="text-slate-900">{text.primary}</p>
      {text.secondary && <p className="text-xs text-slate-600">{text.secondary}</p>}
    </div>
  );
}

function EventName({ entry }: { entry: AuditLogEntry }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{AUDIT_EVENT_LABELS[entry.type]}</p>
      <p className="font-mono text-xs text-slate-600">{entry.type}</p>
      {Object.keys(entry.details).length > 0 && (
        <p className="text-xs [overflow-wrap:anywhere] text-slate-600">{detailsText(entry.details)}</p>
      )}
    </div>
  );
}

/** An entry's details as one line: `method: password · reason: code`. */
function detailsText(details: AuditLogEntry['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** Wide screens: one row per entry. */
function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  const cell = 'px-3 py-3 first:pl-4 last:pr-4';
  return (
    <div className="hidden overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Time
            </th>
            <th scope="col" className={cell}>
              Event
            </th>
            <th scope="col" className={cell}>
              Actor
            </th>
            <th scope="col" className={cell}>
              Address
            </th>
            <th scope="col" className={cell}>
              Target
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className={`${cell} whitespace-nowrap text-slate-700`}>
                <time dateTime={entry.occurredAt}>{formatTime(entry.occurredAt)}</time>
              </td>
              <th scope="row" className={`${cell} font-normal`}>
                <EventName entry={entry} />
              </th>
              <td className={`${cell} max-w-72`}>
                <Who text={actorText(entry)} />
              </td>
              <td className={`${cell} font-mono text-xs whitespace-nowrap text-slate-700`}>{entry.address ?? '—'}</td>
              <td className={`${cell} max-w-72`}>
                <Who text={targetText(entry)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per entry. */
function AuditCards({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <ul className="grid gap-3 lg:hidden" aria-label="Audit log entries, newest first">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
          <EventName entry={entry} />
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Time</dt>
            <dd className="text-slate-800">
              <time dateTime={entry.occurredAt}>{formatTime(entry.occurredAt)}</time>
            </dd>
            <dt className="text-slate-600">Actor</dt>
            <dd className="min-w-0">
              <Who text={actorText(entry)} />
            </dd>
            <dt className="text-slate-600">Address</dt>
            <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-800">{entry.address ?? '—'}</dd>
            <dt className="text-slate-600">Target</dt>
            <dd className="min-w-0">
              <Who text={targetText(entry)} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function LogSkeleton() {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <Spinner label="Loading the audit log..." className="sr-only" />
      <div className="space-y-4" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-1/5" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="hidden h-4 w-1/5 sm:block" />
            <Skeleton className="ml-auto h-4 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}
