import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text, integer and bigint columns only; one column per ALTER TABLE.

/**
 * Integrations: API keys, webhooks and email notifications.
 *
 * `api_keys`: a user's personal keys. Only the SHA-256 of a key is stored (`key_hash`, unique); `prefix` is its
 * first characters, to recognise it by. `scopes` is a JSON list. `last_used_at` moves at most once a minute.
 *
 * `webhooks`: a survey's receivers. `secret_box` is the signing secret sealed with the server's secret box (the
 * webhook id as context). `events` is a JSON list. `enabled` 0 with a `disabled_reason` when deliveries kept
 * failing; `failure_streak` counts deliveries in a row that failed for good. `surveys.webhook_count` counts a
 * survey's enabled webhooks, so a submission reads nothing more while a survey has none.
 *
 * `webhook_deliveries`: the outbox. A row is written in the same transaction as its event, with the body it will
 * send (`payload`, fixed then); a worker claims due rows (`status` pending, `next_attempt_at` passed, no live
 * `locked_until`), sends, and records each try in `webhook_attempts`.
 *
 * `mail_outbox`: background mail (response notifications, digests, closed-survey notices, disabled webhooks), the
 * same way: written with its event, claimed and sent with retries by a worker.
 *
 * Surveys gain `notify_on_response` ('off' | 'each' | 'daily') and `digest_sent_at` (the last daily digest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret_box', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failure_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_survey_idx').on('webhooks').columns(['survey_id', 'created_at']).execute();
  await db.schema
    .alterTable('surveys')
    .addColumn('webhook_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_snippet', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'attempted_at'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').columns(['user_id']).execute();

  await db.schema
    .alterTable('surveys')
    .addColumn('notify_on_response', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();
  await db.schema.alterTable('surveys').addColumn('digest_sent_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('surveys').dropColumn('digest_sent_at').execute();
  await db.schema.alterTable('surveys').dropColumn('notify_on_response').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.alterTable('surveys').dropColumn('webhook_count').execute();
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('api_keys').execute();
}
