import type { AuditEventType, AuditLogEntry } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';

/** An audit event type as the audit log screen names it, in the current language. */
export function auditEventLabel(type: AuditEventType): string {
  return i18n.t(`admin:events.${type.replaceAll('.', '_')}`);
}

/** Who did it, in words: the account's name and email while it exists. */
export function actorText(entry: AuditLogEntry): { primary: string; secondary: string | null } {
  if (!entry.actor) return { primary: i18n.t('admin:audit.anonymous'), secondary: null };
  const role = entry.actor.role;
  return entry.actorLabel
    ? { primary: entry.actorLabel, secondary: i18n.t(`admin:audit.kinds.${role}`) }
    : { primary: i18n.t(`admin:audit.deletedAccount.${role}`), secondary: entry.actor.id };
}

/** What it was done to, in words: a name, a title or an email, else the id of something gone since. */
export function targetText(entry: AuditLogEntry): { primary: string; secondary: string | null } | null {
  if (!entry.target) return null;
  const kind = i18n.t(`admin:audit.kinds.${entry.target.type}`);
  if (entry.target.type === 'email') return { primary: entry.target.id, secondary: kind };
  return entry.targetLabel
    ? { primary: entry.targetLabel, secondary: kind }
    : { primary: i18n.t('admin:audit.deletedTarget', { kind }), secondary: entry.target.id };
}
