import type { AppContext } from '../../context';
import type { AuditLog } from '../../lib/audit';
import { addMinutes } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { hasAuditEntrySince, insertAuditEntry } from './audit.repository';

/** Appends audit entries to the database, stamped with the clock's time and a time-ordered id. */
export function createAuditLog(deps: Pick<AppContext, 'db' | 'clock'>): AuditLog {
  const { db, clock } = deps;
  const record: AuditLog['record'] = async (event) => {
    await insertAuditEntry(db.kysely, {
      id: newId(),
      occurred_at: clock.now().toISOString(),
      type: event.type,
      actor_id: event.actor?.id ?? null,
      actor_role: event.actor?.role ?? null,
      address: event.address,
      target_type: event.target?.type ?? null,
      target_id: event.target?.id ?? null,
      details: JSON.stringify(event.details ?? {}),
    });
  };
  return {
    record,
    async recordAtMostEvery(minutes, event) {
      if (event.actor && event.target) {
        const since = addMinutes(clock.now(), -minutes).toISOString();
        const seen = await hasAuditEntrySince(db.kysely, {
          type: event.type,
          actorId: event.actor.id,
          targetId: event.target.id,
          since,
        });
        if (seen) return false;
      }
      await record(event);
      return true;
    },
  };
}
