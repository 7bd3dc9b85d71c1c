import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Download, FileClock, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_EVENT_TYPES, auditEventTypeSchema, type AuditEventType, type AuditLogEntry } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { currentLanguage } from '@/i18n/i18n';
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
import { auditEventLabel, actorText, targetText } from '../lib/audit-labels';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The event choice while the address names several types (the API takes several; the menu picks one). */
const SEVERAL = 'several';
/** An entry's time, to the second, in the interface's language. */
const formatTime = (iso: string) => {
  const date = new Date(iso);
  const language = currentLanguage();
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }).format(date);
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
  const { t } = useTranslation('admin');
  useDocumentTitle(t('audit.title'));
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
  const announcement = (query.data?.pages.length ?? 0) > 1 ? t('audit.shown', { count: entries.length }) : '';

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description')}
        actions={
          <Button
            variant="secondary"
            onClick={() => csv.mutate(filter)}
            loading={csv.isPending}
            disabled={rangeInvalid || csv.isPending}
          >
            {!csv.isPending && <Download className="size-4" aria-hidden="true" />}
            {t('audit.downloadCsv')}
          </Button>
        }
      />
      {csv.isError && <Banner tone="error">{errorMessage(csv.error, t('audit.downloadFailed'))}</Banner>}

      <form
        role="search"
        aria-label={t('audit.filter')}
        className="grid gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-[1fr_10rem_10rem]"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t('audit.event')}>
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
              <option value="">{t('audit.allEvents')}</option>
              {filter.types.length > 1 && (
                <option value={SEVERAL} disabled>
                  {t('audit.severalTypes', { count: filter.types.length })}
                </option>
              )}
              {AUDIT_EVENT_TYPES.map((type: AuditEventType) => (
                <option key={type} value={type}>
                  {auditEventLabel(type)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('audit.from')}>
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
        <Field label={t('audit.to')} error={rangeInvalid ? t('audit.rangeInvalid') : undefined}>
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

      <section id={listId} aria-label={t('audit.entries')} aria-busy={query.isFetching} className="space-y-4">
        {rangeInvalid ? null : query.isPending ? (
          <LogSkeleton />
        ) : query.isError && entries.length === 0 ? (
          <EmptyState
            tone="danger"
            className="rounded-card border border-slate-200 bg-white"
            icon={<TriangleAlert className="size-10" aria-hidden="true" />}
            title={t('audit.loadFailedTitle')}
            action={
              <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
                {!query.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
                {t('surveys.tryAgain')}
              </Button>
            }
          >
            {errorMessage(query.error, t('audit.fetchFailed'))}
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
            title={filtered ? t('audit.noMatchTitle') : t('audit.emptyTitle')}
            action={
              filtered && (
                <Button variant="secondary" onClick={() => change({ types: [], from: '', to: '' })}>
                  {t('audit.clear')}
                </Button>
              )
            }
          >
            {filtered ? t('audit.noMatchBody') : t('audit.emptyBody')}
          </EmptyState>
        ) : (
          <>
            <AuditTable entries={entries} />
            <AuditCards entries={entries} />
            {query.isFetchNextPageError && (
              <Banner tone="error">{errorMessage(query.error, t('audit.moreFailed'))}</Banner>
            )}
            {query.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
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
  useTranslation('admin');
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{auditEventLabel(entry.type)}</p>
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
  const { t } = useTranslation('admin');
  const cell = 'px-3 py-3 first:ps-4 last:pe-4';
  return (
    <div className="hidden overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card lg:block">
      <table className="w-full text-start text-sm [&_th]:text-start">
        <caption className="sr-only">{t('audit.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={cell}>
              {t('audit.time')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.event')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.actor')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.address')}
            </th>
            <th scope="col" className={cell}>
              {t('audit.target')}
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
  const { t } = useTranslation('admin');
  return (
    <ul className="grid gap-3 lg:hidden" aria-label={t('audit.caption')}>
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
          <EventName entry={entry} />
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{t('audit.time')}</dt>
            <dd className="text-slate-800">
              <time dateTime={entry.occurredAt}>{formatTime(entry.occurredAt)}</time>
            </dd>
            <dt className="text-slate-600">{t('audit.actor')}</dt>
            <dd className="min-w-0">
              <Who text={actorText(entry)} />
            </dd>
            <dt className="text-slate-600">{t('audit.address')}</dt>
            <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-800">{entry.address ?? '—'}</dd>
            <dt className="text-slate-600">{t('audit.target')}</dt>
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
  const { t } = useTranslation('admin');
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <Spinner label={t('audit.loading')} className="sr-only" />
      <div className="space-y-4" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-1/5" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="hidden h-4 w-1/5 sm:block" />
            <Skeleton className="ms-auto h-4 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}
