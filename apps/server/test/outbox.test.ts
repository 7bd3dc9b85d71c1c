import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimDue, deleteFinishedOutboxRows } from '../src/outbox/outbox.repository';
import { retryDelayMs, startOutboxWorker } from '../src/outbox/outbox';
import { newId } from '../src/lib/ids';
import { TEST_DIALECT, useTwoInstances } from './helpers';

const quietLog = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await tick();
  }
}

describe('retry delays', () => {
  it('grow by the factor from the base, with at most ±20 % jitter', () => {
    expect(retryDelayMs(1, 1000, 3, () => 0.5)).toBe(1000);
    expect(retryDelayMs(2, 1000, 3, () => 0.5)).toBe(3000);
    expect(retryDelayMs(4, 1000, 3, () => 0.5)).toBe(27_000);
    expect(retryDelayMs(1, 1000, 3, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, 3, () => 0.999999)).toBe(1200);
  });

  it('with the default webhook base (80 s, threefold), seven retries span about a day', () => {
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((sum, retry) => sum + retryDelayMs(retry, 80_000, 3, () => 0.5), 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(28);
  });
});

describe('the outbox worker', () => {
  it('claims and handles rows until none is left, at start and when nudged, and stops cleanly', async () => {
    const queue = ['a', 'b', 'c', 'd', 'e'];
    const handled: string[] = [];
    const worker = startOutboxWorker({
      name: 'test outbox',
      log: quietLog,
      pollMs: 60_000,
      concurrency: 2,
      claim: async (limit) => queue.splice(0, limit),
      handle: async (id) => void handled.push(id),
    });
    await until(() => handled.length === 5);
    queue.push('f');
    worker.nudge();
    await until(() => handled.length === 6);
    await worker.stop();
    queue.push('g');
    worker.nudge();
    await tick(30);
    expect(handled).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('keeps going when one row fails to be handled', async () => {
    const queue = ['bad', 'good'];
    const handled: string[] = [];
    const worker = startOutboxWorker({
      name: 'test outbox',
      log: quietLog,
      pollMs: 60_000,
      concurrency: 1,
      claim: async (limit) => queue.splice(0, limit),
      handle: async (id) => {
        if (id === 'bad') throw new Error('database away');
        handled.push(id);
      },
    });
    await until(() => handled.length === 1);
    await worker.stop();
    expect(handled).toEqual(['good']);
  });
});

describe(`claiming due outbox rows (${TEST_DIALECT})`, () => {
  // The rows are due only at times ahead of the apps' clock, so the apps' own workers never claim them.
  const { a, b } = useTwoInstances();
  beforeEach(async () => {
    await a.ctx.db.kysely.deleteFrom('mail_outbox').execute();
  });

  async function addMail(count: number, due: string): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId());
    await a.ctx.db.kysely
      .insertInto('mail_outbox')
      .values(
        ids.map((id) => ({
          id,
          kind: 'response',
          user_id: 'nobody',
          payload: '{}',
          status: 'pending' as const,
          attempt_count: 0,
          next_attempt_at: due,
          locked_until: null,
          last_error: null,
          created_at: due,
          sent_at: null,
        })),
      )
      .execute();
    return ids;
  }

  it('gives each due row to one claimant only, even when two instances claim at the same moment', async () => {
    const ids = await addMail(40, '2098-01-01T00:00:00.000Z');
    const now = '2098-01-01T00:01:00.000Z';
    const lease = '2098-01-01T00:03:00.000Z';
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimDue((i % 2 ? a : b).ctx.db, 'mail_outbox', now, lease, 7)),
    );
    const claimed = claims.flat();
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(await claimDue(a.ctx.db, 'mail_outbox', now, lease, 10)).toEqual([]);
  });

  it('leaves rows not yet due, and takes a leased row again only once its lease has run out', async () => {
    const later = await addMail(1, '2097-01-01T00:00:00.000Z');
    const due = await addMail(1, '2097-01-01T00:00:00.000Z');
    await a.ctx.db.kysely
      .updateTable('mail_outbox')
      .set({ next_attempt_at: '2099-01-01T00:00:00.000Z' })
      .where('id', '=', later[0]!)
      .execute();
    const first = await claimDue(a.ctx.db, 'mail_outbox', '2097-01-01T00:01:00.000Z', '2097-01-01T00:05:00.000Z', 10);
    expect(first).toEqual(due);
    expect(await claimDue(b.ctx.db, 'mail_outbox', '2097-01-01T00:04:59.000Z', '2097-01-01T00:09:00.000Z', 10)).toEqual(
      [],
    );
    expect(await claimDue(b.ctx.db, 'mail_outbox', '2097-01-01T00:05:00.000Z', '2097-01-01T00:09:00.000Z', 10)).toEqual(
      due,
    );
  });

  it('never takes a row that is no longer pending', async () => {
    const [id] = await addMail(1, '2096-01-01T00:00:00.000Z');
    await a.ctx.db.kysely.updateTable('mail_outbox').set({ status: 'delivered' }).where('id', '=', id!).execute();
    expect(await claimDue(a.ctx.db, 'mail_outbox', '2096-01-02T00:00:00.000Z', '2096-01-02T00:05:00.000Z', 10)).toEqual(
      [],
    );
  });
});

describe(`pruning the outboxes (${TEST_DIALECT})`, () => {
  const { a } = useTwoInstances();

  it('removes deliveries (with their attempts) and mail finished before the retention, and never a pending row', async () => {
    const db = a.ctx.db.kysely;
    // Dates ahead of the app's clock, so its own hourly sweep (running since start) never takes them first.
    const old = '2099-01-01T00:00:00.000Z';
    const recent = '2099-03-01T00:00:00.000Z';
    const delivery = (id: string, status: 'pending' | 'delivered' | 'failed', completedAt: string | null) => ({
      id,
      webhook_id: 'w',
      survey_id: 's',
      event: 'response.created',
      payload: '{}',
      status,
      attempt_count: 1,
      next_attempt_at: status === 'pending' ? old : null,
      locked_until: null,
      created_at: old,
      completed_at: completedAt,
    });
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('d-old-ok', 'delivered', old),
        delivery('d-old-failed', 'failed', old),
        delivery('d-recent', 'delivered', recent),
        delivery('d-pending', 'pending', null),
      ])
      .execute();
    await db
      .insertInto('webhook_attempts')
      .values(
        ['d-old-ok', 'd-recent', 'd-pending'].map((deliveryId) => ({
          id: `a-${deliveryId}`,
          delivery_id: deliveryId,
          attempted_at: old,
          status_code: 200,
          duration_ms: 5,
          error: null,
          response_snippet: null,
        })),
      )
      .execute();
    const mail = (id: string, status: 'pending' | 'delivered' | 'failed', createdAt: string) => ({
      id,
      kind: 'response',
      user_id: 'u',
      payload: '{}',
      status,
      attempt_count: 0,
      next_attempt_at: status === 'pending' ? createdAt : null,
      locked_until: null,
      last_error: null,
      created_at: createdAt,
      sent_at: null,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail('m-old-sent', 'delivered', old),
        mail('m-old-pending', 'pending', old),
        mail('m-recent', 'delivered', recent),
      ])
      .execute();

    const removed = await deleteFinishedOutboxRows(db, '2099-02-01T00:00:00.000Z');
    expect(removed).toEqual({ webhookDeliveries: 2, mail: 1 });
    const left = (await db.selectFrom('webhook_deliveries').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(left).toEqual(['d-pending', 'd-recent']);
    const attempts = (await db.selectFrom('webhook_attempts').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(attempts).toEqual(['a-d-pending', 'a-d-recent']);
    const mails = (await db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(mails).toEqual(['m-old-pending', 'm-recent']);
  });
});
