import { describe, expect, it } from 'vitest';
import { auditActor } from '../src/lib/audit';
import { useTestApp } from './helpers';

describe('audit log', () => {
  const t = useTestApp();

  it('stores an entry with its time, actor, address, target and details', async () => {
    const before = Date.now();
    await t.ctx.audit.record({
      type: 'survey.deleted',
      actor: auditActor({ id: 'u-1', type: 'user' }),
      address: '203.0.113.7',
      target: { type: 'survey', id: 's-1' },
      details: { title: 'Team lunch' },
    });
    await t.ctx.audit.record({ type: 'auth.login.failed', actor: null, address: '203.0.113.8' });

    const rows = await t.ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    const [deleted, failed] = rows;
    expect(deleted).toMatchObject({
      type: 'survey.deleted',
      actor_id: 'u-1',
      actor_role: 'user',
      address: '203.0.113.7',
      target_type: 'survey',
      target_id: 's-1',
    });
    expect(JSON.parse(deleted!.details)).toEqual({ title: 'Team lunch' });
    expect(new Date(deleted!.occurred_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(failed).toMatchObject({ actor_id: null, actor_role: null, target_type: null, target_id: null });
    expect(JSON.parse(failed!.details)).toEqual({});
  });
});
