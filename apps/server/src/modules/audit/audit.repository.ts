import type { Insertable, Kysely } from 'kysely';
import type { AuditEventType, AuditFilter } from '@quorum/contract';
import type { AuditLogTable, Database } from '../../db/schema';

export type AuditRow = AuditLogTable;

export async function insertAuditEntry(db: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * One page of entries, newest first, older than `before` (an entry id) and no newer than `upTo` when given. Ids are UUIDv7, so the id
 * orders by time and is a stable cursor: entries recorded while an administrator pages are newer than the
 * cursor and never shift later pages.
 */
export async function listAuditEntries(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { before?: string; upTo?: string; limit: number },
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.type && filter.type.length > 0) query = query.where('type', 'in', filter.type);
  if (filter.from) query = query.where('occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('occurred_at', '<', filter.to);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  if (page.upTo !== undefined) query = query.where('id', '<=', page.upTo);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Whether the same actor recorded this event for this target at or after `since`. */
export async function hasAuditEntrySince(
  db: Kysely<Database>,
  event: { type: AuditEventType; actorId: string; targetId: string; since: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('type', '=', event.type)
    .where('actor_id', '=', event.actorId)
    .where('target_id', '=', event.targetId)
    .where('occurred_at', '>=', event.since)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Retention: removes the entries that occurred before `cutoff`. Running it twice removes nothing more. */
export async function deleteAuditEntriesBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('occurred_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Names and emails of the accounts among `ids` that still exist, by id. */
export async function findAccountLabels(
  db: Kysely<Database>,
  table: 'users' | 'admins',
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** Titles of the surveys among `ids` that still exist, by id. */
/** Team workspaces' names by id (a personal workspace has no row, and no name to show). */
export async function findWorkspaceNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('workspaces').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findSurveyTitles(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('surveys').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
