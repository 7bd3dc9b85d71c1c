import { z } from 'zod';
import { userTypeSchema } from './auth';
import { isoInstantSchema } from './time';

/**
 * The security-relevant events the audit log records. Names are stable: administrators filter and export by
 * them, and other tools read them.
 */
export const AUDIT_EVENT_TYPES = [
  'auth.login.succeeded',
  'auth.login.failed',
  'auth.locked',
  'auth.logout',
  'auth.password.changed',
  'auth.password.reset',
  'auth.2fa.enabled',
  'auth.2fa.disabled',
  'account.deleted',
  'survey.deleted',
  'survey.restored',
  'admin.results.viewed',
  'response.deleted',
  'results.share.created',
  'results.share.revoked',
  'api_key.created',
  'api_key.revoked',
  'api_key.used',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.disabled',
  'notifications.unsubscribed',
  'workspace.created',
  'workspace.renamed',
  'workspace.deleted',
  'workspace.invitation.created',
  'workspace.invitation.revoked',
  'workspace.invitation.accepted',
  'workspace.member.role_changed',
  'workspace.member.removed',
  'workspace.member.left',
] as const;
export const auditEventTypeSchema = z.enum(AUDIT_EVENT_TYPES);
export type AuditEventType = z.infer<typeof auditEventTypeSchema>;

/** Who did it: an account and its role, or null for an anonymous client. */
export const auditActorSchema = z.object({ id: z.string(), role: userTypeSchema }).nullable();
export type AuditActor = z.infer<typeof auditActorSchema>;

/** What it was done to: an account, a survey, a workspace, or an email address that matched no account. */
export const auditTargetSchema = z
  .object({ type: z.enum(['user', 'admin', 'survey', 'email', 'workspace']), id: z.string() })
  .nullable();
export type AuditTarget = z.infer<typeof auditTargetSchema>;

/** Small facts that make an entry readable (a survey's title, the sign-in method); never secrets. */
export const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  type: auditEventTypeSchema,
  actor: auditActorSchema,
  /** The client address the request came from; null when there was no request (a sweep, the command line). */
  address: z.string().nullable(),
  target: auditTargetSchema,
  details: auditDetailsSchema,
});

// ---------------------------------------------------------------------------
// GET /api/admin/audit?type=&from=&to=&cursor= (administrators; newest first, keyset pages)
// ---------------------------------------------------------------------------

/** Entries per page of GET /api/admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** `type=a&type=b` or `type=a,b`: one or several event types; none means every type. */
const auditTypesSchema = z
  .union([z.string().max(1000), z.array(z.string().max(100)).max(AUDIT_EVENT_TYPES.length)])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(auditEventTypeSchema));

const auditFilterFields = {
  type: auditTypesSchema.optional(),
  from: isoInstantSchema.optional(),
  to: isoInstantSchema.optional(),
};

const fromBeforeTo = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;
const fromBeforeToError = { error: 'from must not be after to', path: ['to'] };

/** The filter the page, the download link and the CSV take. `from` is inclusive, `to` exclusive. */
export const auditFilterQuerySchema = z.object(auditFilterFields).refine(fromBeforeTo, fromBeforeToError);
export type AuditFilter = z.output<typeof auditFilterQuerySchema>;

export const auditPageQuerySchema = z
  .object({
    ...auditFilterFields,
    /** The `nextCursor` of the previous page: the entries older than it follow. */
    cursor: z
      .string()
      .max(100, { error: 'Invalid cursor' })
      .regex(/^[0-9a-fA-F-]+$/, { error: 'Invalid cursor' })
      .optional(),
  })
  .refine(fromBeforeTo, fromBeforeToError);

/** GET /api/admin/audit/export.csv: the filter, and the signed link's token (or a bearer token instead). */
export const auditCsvQuerySchema = z
  .object({ ...auditFilterFields, token: z.string().max(2000).optional() })
  .refine(fromBeforeTo, fromBeforeToError);

/** An entry as administrators read it: who and what, by name and email while the account or survey exists. */
export const auditLogEntrySchema = auditEntrySchema.extend({
  /** "Name <email>" of the acting account; null for an anonymous client or an account deleted since. */
  actorLabel: z.string().nullable(),
  /** "Name <email>" of a target account, a survey's title; null when it no longer exists (or is an email). */
  targetLabel: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The columns of the audit log's CSV download. */
export const AUDIT_CSV_COLUMNS = [
  'Time',
  'Event',
  'Actor role',
  'Actor ID',
  'Actor',
  'Address',
  'Target type',
  'Target ID',
  'Target',
  'Details',
] as const;

/** The CSV download's file name for a download made at `at` (ISO). */
export function auditCsvFileName(at: string): string {
  return `quorum-audit-log-${at.slice(0, 10)}.csv`;
}

/** How often `admin.results.viewed` is recorded: at most once per administrator and survey in this many minutes. */
export const RESULTS_VIEWED_AUDIT_MINUTES = 10;
