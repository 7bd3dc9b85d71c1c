import type { AuditActor, AuditDetails, AuditEventType, AuditTarget } from '@quorum/contract';
import type { Principal } from './principal';

/** One event for the audit log, as the code that saw it describes it. */
export interface AuditEvent {
  type: AuditEventType;
  /** The signed-in account that did it, or null for an anonymous client (a failed login, a reset request). */
  actor: AuditActor;
  /** The client address (`request.ip`), or null when there was no request. */
  address: string | null;
  target?: AuditTarget;
  details?: AuditDetails;
}

/**
 * The audit log as the modules see it: `record` appends one entry and resolves once it is stored, so an
 * answer that reports success never outruns its entry. The audit module implements it.
 */
export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /**
   * Records the event unless the same actor recorded the same type for the same target within the last
   * `minutes` (for events a screen may cause again and again, such as opening results). Two requests at the
   * same moment may both record: the window thins the log out, it does not count. Answers whether it recorded.
   */
  recordAtMostEvery(minutes: number, event: AuditEvent): Promise<boolean>;
}

/** The actor for a signed-in request. */
export function auditActor(principal: Pick<Principal, 'id' | 'type'>): NonNullable<AuditActor> {
  return { id: principal.id, role: principal.type };
}
