import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** PostgreSQL answers integer counters as strings through some drivers: numbers here, always. */
const webhookOf = (row: WebhookRow): WebhookRow => ({
  ...row,
  enabled: Number(row.enabled),
  failure_streak: Number(row.failure_streak),
});
const deliveryOf = (row: DeliveryRow): DeliveryRow => ({ ...row, attempt_count: Number(row.attempt_count) });

/** A survey's webhooks, oldest first. */
export async function listWebhooks(db: Executor, surveyId: string): Promise<WebhookRow[]> {
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(webhookOf);
}

export async function findWebhook(db: Executor, surveyId: string, webhookId: string): Promise<WebhookRow | undefined> {
  const row = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', webhookId)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return row && webhookOf(row);
}

export async function countWebhooks(db: Executor, surveyId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertWebhook(trx: Executor, row: WebhookRow): Promise<void> {
  await trx.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(
  trx: Executor,
  webhookId: string,
  patch: Partial<Omit<WebhookRow, 'id' | 'survey_id' | 'created_at'>>,
): Promise<void> {
  await trx.updateTable('webhooks').set(patch).where('id', '=', webhookId).execute();
}

/** Turns a webhook off unless it already is; answers whether this call turned it off. */
export async function disableWebhook(trx: Executor, webhookId: string, reason: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('webhooks')
    .set({ enabled: 0, disabled_reason: reason, updated_at: now })
    .where('id', '=', webhookId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A webhook, its deliveries and their attempts. */
export async function deleteWebhook(trx: Executor, webhookId: string): Promise<void> {
  await trx
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', (eb) =>
      eb.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId),
    )
    .execute();
  await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhookId).execute();
  await trx.deleteFrom('webhooks').where('id', '=', webhookId).execute();
}

/** Moves `surveys.webhook_count` (the survey's enabled webhooks) by `delta`. */
export async function moveWebhookCount(trx: Executor, surveyId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await trx
    .updateTable('surveys')
    .set((eb) => ({ webhook_count: eb('webhook_count', '+', delta) }))
    .where('id', '=', surveyId)
    .execute();
}

/** The enabled webhooks of these surveys, for the outbox. */
export async function enabledWebhooksOf(
  trx: Executor,
  surveyIds: readonly string[],
): Promise<Pick<WebhookRow, 'id' | 'survey_id' | 'events'>[]> {
  if (surveyIds.length === 0) return [];
  return trx
    .selectFrom('webhooks')
    .select(['id', 'survey_id', 'events'])
    .where('survey_id', 'in', surveyIds)
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .execute();
}

export async function insertDeliveries(trx: Executor, rows: readonly DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('webhook_deliveries')
    .values([...rows])
    .execute();
}

export async function findDelivery(
  db: Executor,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryRow | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  return row && deliveryOf(row);
}

/** A webhook's newest deliveries, newest first. */
export async function listDeliveries(db: Executor, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(deliveryOf);
}

/** The attempts of these deliveries, oldest first. */
export async function attemptsOf(db: Executor, deliveryIds: readonly string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    status_code: row.status_code === null ? null : Number(row.status_code),
    duration_ms: Number(row.duration_ms),
  }));
}

/**
 * A delivery that is not pending back to pending, due now, with a fresh attempt budget (its attempts stay).
 * Answers false when it is pending already.
 */
export async function requeueDelivery(trx: Executor, deliveryId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempt_count: 0, next_attempt_at: now, locked_until: null, completed_at: null })
    .where('id', '=', deliveryId)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the worker needs to send a claimed delivery: the row, and its webhook with the survey's owner (if any). */
export async function deliveryToSend(
  db: Executor,
  deliveryId: string,
): Promise<{ delivery: DeliveryRow; webhook: (WebhookRow & { owner_id: string }) | undefined } | undefined> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  if (!row) return undefined;
  const webhook = await db
    .selectFrom('webhooks')
    .innerJoin('surveys', 'surveys.id', 'webhooks.survey_id')
    .selectAll('webhooks')
    .select('surveys.user_id as owner_id')
    .where('webhooks.id', '=', row.webhook_id)
    .executeTakeFirst();
  return { delivery: deliveryOf(row), webhook: webhook && { ...webhookOf(webhook), owner_id: webhook.owner_id } };
}

/**
 * Records the outcome of a send on a delivery this instance still holds (`locked_until` is the lease it took);
 * answers false, changing nothing, when the lease ran out and another instance may have it.
 */
export async function settleDelivery(
  trx: Executor,
  deliveryId: string,
  lease: string,
  patch: Pick<DeliveryRow, 'status' | 'attempt_count' | 'next_attempt_at' | 'completed_at'>,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ ...patch, locked_until: null })
    .where('id', '=', deliveryId)
    .where('locked_until', '=', lease)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttempt(trx: Executor, row: AttemptRow): Promise<void> {
  await trx.insertInto('webhook_attempts').values(row).execute();
}

/** Deliveries in a row that failed for good: 0 after a success, one more after a failure; answers the new value. */
export async function setFailureStreak(trx: Executor, webhookId: string, failed: boolean): Promise<number> {
  if (!failed) {
    await trx.updateTable('webhooks').set({ failure_streak: 0 }).where('id', '=', webhookId).execute();
    return 0;
  }
  await trx
    .updateTable('webhooks')
    .set((eb) => ({ failure_streak: eb('failure_streak', '+', 1) }))
    .where('id', '=', webhookId)
    .execute();
  const row = await trx.selectFrom('webhooks').select('failure_streak').where('id', '=', webhookId).executeTakeFirst();
  return Number(row?.failure_streak ?? 0);
}

/** Deleting workspaces' surveys for good: the webhooks of every survey in them, their deliveries and attempts. */
export async function deleteWebhooksInWorkspaces(trx: Executor, workspaceIds: readonly string[]): Promise<void> {
  const surveysInWorkspaces = trx.selectFrom('surveys').select('id').where('workspace_id', 'in', workspaceIds);
  await trx
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', (eb) =>
      eb.selectFrom('webhook_deliveries').select('id').where('survey_id', 'in', surveysInWorkspaces),
    )
    .execute();
  await trx.deleteFrom('webhook_deliveries').where('survey_id', 'in', surveysInWorkspaces).execute();
  await trx.deleteFrom('webhooks').where('survey_id', 'in', surveysInWorkspaces).execute();
}
