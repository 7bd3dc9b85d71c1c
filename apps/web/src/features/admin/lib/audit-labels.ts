import type { AuditEventType, AuditLogEntry } from '@quorum/contract';

/** Each audit event type as the audit log screen names it. */
export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  'auth.login.succeeded': 'Sign-in succeeded',
  'auth.login.failed': 'Sign-in failed',
  'auth.locked': 'Sign-in locked',
  'auth.logout': 'Signed out',
  'auth.password.changed': 'Password changed',
  'auth.password.reset': 'Password reset',
  'auth.2fa.enabled': 'Two-factor sign-in turned on',
  'auth.2fa.disabled': 'Two-factor sign-in turned off',
  'account.deleted': 'Account deleted',
  'survey.deleted': 'Survey deleted',
  'survey.restored': 'Survey restored',
  'admin.results.viewed': 'Results viewed by an administrator',
  'response.deleted': 'Response deleted',
  'results.share.created': 'Results shared by link',
  'results.share.revoked': 'Shared results link revoked',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.used': 'API key used',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.disabled': 'Webhook turned off after failing deliveries',
  'notifications.unsubscribed': 'Unsubscribed from response emails',
  'workspace.created': 'Workspace created',
  'workspace.renamed': 'Workspace renamed',
  'workspace.deleted': 'Workspace deleted',
  'workspace.invitation.created': 'Invitation sent',
  'workspace.invitation.revoked': 'Invitation revoked',
  'workspace.invitation.accepted': 'Invitation accepted',
  'workspace.member.role_changed': "Member's role changed",
  'workspace.member.removed': 'Member removed',
  'workspace.member.left': 'Member left',
};

const ROLE_LABELS = { user: 'User', admin: 'Administrator' } as const;

/** Who did it, in words: the account's name and email while it exists. */
export function actorText(entry: AuditLogEntry): { primary: string; secondary: string | null } {
  if (!entry.actor) return { primary: 'Anonymous', secondary: null };
  const role = ROLE_LABELS[entry.actor.role];
  return entry.actorLabel
    ? { primary: entry.actorLabel, secondary: role }
    : { primary: `Deleted ${role.toLowerCase()} account`, secondary: entry.actor.id };
}

const TARGET_KINDS = {
  user: 'User',
  admin: 'Administrator',
  survey: 'Survey',
  email: 'Email',
  workspace: 'Workspace',
} as const;

/** What it was done to, in words: a name, a title or an email, else the id of something gone since. */
export function targetText(entry: AuditLogEntry): { primary: string; secondary: string | null } | null {
  if (!entry.target) return null;
  const kind = TARGET_KINDS[entry.target.type];
  if (entry.target.type === 'email') return { primary: entry.target.id, secondary: kind };
  return entry.targetLabel
    ? { primary: entry.targetLabel, secondary: kind }
    : { primary: `${kind} (deleted)`, secondary: entry.target.id };
}
