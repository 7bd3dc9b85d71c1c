import { Readable } from 'node:stream';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  CSV_BOM,
  EXPORT_LINK_TTL_SECONDS,
  auditCsvFileName,
  csvRow,
  type AuditDetails,
  type AuditFilter,
  type AuditLogEntry,
  type AuditPage,
  type ExportLinkResponse,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { findPrincipal, principalFromToken } from '../auth';
import { createExportLinkSigner } from '../results';
import {
  findAccountLabels,
  findSurveyTitles,
  findWorkspaceNames,
  listAuditEntries,
  type AuditRow,
} from './audit.repository';

/** Entries read per query while writing the CSV: memory stays flat whatever the size of the log. */
export const AUDIT_CSV_PAGE_SIZE = 500;

/** The audit log's download links: signed for their own purpose, so they open nothing else. */
const AUDIT_CSV_PURPOSE = 'quorum:audit-csv-export:v1';
/** What an audit download link is bound to, in the signer's subject slot. */
const AUDIT_CSV_SUBJECT = 'audit-log';

export type AuditServiceDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'tokens'>;

const label = (account: { name: string; email: string } | undefined) =>
  account ? `${account.name} <${account.email}>` : null;

function parseDetails(json: string): AuditDetails {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const details = new Map<string, string | number | boolean>();
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') details.set(key, value);
    }
    return Object.fromEntries(details);
  } catch {
    return {};
  }
}

/** The filter as a query string, for the download link. */
function filterQuery(filter: AuditFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const type of filter.type ?? []) query.append('type', type);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  return query;
}

/** How a CSV download proves who asks: a signed link made for the audit log, or else a session token. */
export interface AuditDownloadCredentials {
  link: string | undefined;
  bearer: string | undefined;
}

/** The administrators' view of the audit log: pages, and the CSV download behind a short-lived signed link. */
export function createAuditService(deps: AuditServiceDeps) {
  const { clock, tokens } = deps;
  const db = deps.db.kysely;
  const signer = createExportLinkSigner(deps.config.jwtSecret, AUDIT_CSV_PURPOSE);

  /** Entries with the names of the accounts and surveys they mention, where these still exist. */
  async function withLabels(rows: readonly AuditRow[]): Promise<AuditLogEntry[]> {
    const ids = {
      user: new Set<string>(),
      admin: new Set<string>(),
      survey: new Set<string>(),
      workspace: new Set<string>(),
    };
    for (const row of rows) {
      if (row.actor_id && row.actor_role) ids[row.actor_role].add(row.actor_id);
      if (row.target_id && row.target_type && row.target_type !== 'email') ids[row.target_type].add(row.target_id);
    }
    const [users, admins, surveys, workspaces] = await Promise.all([
      findAccountLabels(db, 'users', [...ids.user]),
      findAccountLabels(db, 'admins', [...ids.admin]),
      findSurveyTitles(db, [...ids.survey]),
      findWorkspaceNames(db, [...ids.workspace]),
    ]);
    const accounts = { user: users, admin: admins };
    return rows.map((row) => ({
      id: row.id,
      occurredAt: row.occurred_at,
      type: row.type,
      actor: row.actor_id && row.actor_role ? { id: row.actor_id, role: row.actor_role } : null,
      address: row.address,
      target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
      details: parseDetails(row.details),
      actorLabel: row.actor_id && row.actor_role ? label(accounts[row.actor_role].get(row.actor_id)) : null,
      targetLabel:
        row.target_id && (row.target_type === 'user' || row.target_type === 'admin')
          ? label(accounts[row.target_type].get(row.target_id))
          : row.target_id && row.target_type === 'survey'
            ? (surveys.get(row.target_id) ?? null)
            : row.target_id && row.target_type === 'workspace'
              ? (workspaces.get(row.target_id) ?? null)
              : null,
    }));
  }

  function csvRecord(entry: AuditLogEntry): string {
    return csvRow([
      entry.occurredAt,
      entry.type,
      entry.actor?.role ?? '',
      entry.actor?.id ?? '',
      entry.actorLabel ?? '',
      entry.address ?? '',
      entry.target?.type ?? '',
      entry.target?.id ?? '',
      entry.targetLabel ?? '',
      Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : '',
    ]);
  }

  /** The account behind a download: a valid signed audit link, else an administrator's session token. */
  async function downloader(credentials: AuditDownloadCredentials): Promise<void> {
    if (credentials.link !== undefined) {
      const claims = signer.verify(credentials.link);
      const valid =
        claims &&
        claims.surveyId === AUDIT_CSV_SUBJECT &&
        claims.principalType === 'admin' &&
        claims.expiresAt > clock.now().getTime();
      const account = valid ? await findPrincipal(db, 'admin', claims.principalId) : undefined;
      if (!claims || !account || account.token_version !== claims.tokenVersion) {
        throw new UnauthorizedError('EXPORT_LINK_EXPIRED');
      }
      return;
    }
    const principal = credentials.bearer ? await principalFromToken(db, tokens, credentials.bearer) : null;
    if (principal?.type !== 'admin') throw new UnauthorizedError();
  }

  return {
    /** GET /api/admin/audit: a page of AUDIT_PAGE_SIZE entries, newest first. */
    async page(filter: AuditFilter, cursor: string | undefined): Promise<AuditPage> {
      const rows = await listAuditEntries(db, filter, { before: cursor, limit: AUDIT_PAGE_SIZE + 1 });
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      return {
        entries: await withLabels(page),
        nextCursor: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** POST /api/admin/audit/export-link: a link to the CSV of this filter, valid for EXPORT_LINK_TTL_SECONDS. */
    createExportLink(principal: Principal, filter: AuditFilter): ExportLinkResponse {
      const expiresAt = clock.now().getTime() + EXPORT_LINK_TTL_SECONDS * 1000;
      const token = signer.sign({
        surveyId: AUDIT_CSV_SUBJECT,
        principalType: principal.type,
        principalId: principal.id,
        tokenVersion: principal.tokenVersion,
        expiresAt,
      });
      const query = filterQuery(filter);
      query.set('token', token);
      return { url: `/api/admin/audit/export.csv?${query.toString()}`, expiresAt: new Date(expiresAt).toISOString() };
    },

    /**
     * GET /api/admin/audit/export.csv: the entries of the filter, newest first, as a CSV stream read in keyset
     * pages and pulled by the socket. Every cell goes through the CSV formula escaping. Entries recorded after
     * the download began are left out.
     */
    async openCsvDownload(
      filter: AuditFilter,
      credentials: AuditDownloadCredentials,
    ): Promise<{ fileName: string; body: Readable }> {
      await downloader(credentials);
      const [newest] = await listAuditEntries(db, filter, { limit: 1 });
      async function* chunks(): AsyncGenerator<Buffer> {
        yield Buffer.from(CSV_BOM + csvRow(AUDIT_CSV_COLUMNS), 'utf8');
        if (!newest) return;
        let before: string | undefined;
        for (;;) {
          const rows = await listAuditEntries(db, filter, { before, upTo: newest.id, limit: AUDIT_CSV_PAGE_SIZE });
          if (rows.length === 0) return;
          const entries = await withLabels(rows);
          yield Buffer.from(entries.map(csvRecord).join(''), 'utf8');
          const last = rows.at(-1);
          if (!last || rows.length < AUDIT_CSV_PAGE_SIZE) return;
          before = last.id;
        }
      }
      return {
        fileName: auditCsvFileName(clock.now().toISOString()),
        body: Readable.from(chunks(), { objectMode: false }),
      };
    },
  };
}
