import type { FastifyBaseLogger } from 'fastify';
import type { OutboxNudge } from '../events/survey-events';

/**
 * The two outboxes (webhook deliveries and background mail) share one shape: a row is written in the same
 * transaction as the event that causes it, with `status` 'pending' and `next_attempt_at` now; a worker on any
 * instance claims due rows by leasing them (`locked_until`), sends each, and records success, a retry later, or
 * failure. Why a small poller of our own and not pg-boss or graphile-worker: docs/decisions/035-integrations.md.
 */
export type OutboxTable = 'webhook_deliveries' | 'mail_outbox';

/**
 * The delay before retry number `retry` (1 for the first retry): `baseMs × factor^(retry − 1)`, with ±20 %
 * jitter so receivers that failed together are not all retried at the same moment.
 */
export function retryDelayMs(retry: number, baseMs: number, factor: number, random: () => number = Math.random) {
  const jitter = 0.8 + 0.4 * random();
  return Math.round(baseMs * factor ** Math.max(0, retry - 1) * jitter);
}

export interface OutboxWorkerOptions {
  name: string;
  log: FastifyBaseLogger;
  /** How often to look for due rows when not nudged. */
  pollMs: number;
  /** Rows handled at once. */
  concurrency: number;
  /** Claims up to `limit` due rows for this instance and returns their ids. */
  claim(limit: number): Promise<string[]>;
  /**
   * Sends one claimed row and records the outcome (delivered, due again later, or failed). A send that fails is
   * an outcome, not a throw; a throw (the database went away) is logged, and the row is due again when its lease
   * runs out.
   */
  handle(id: string): Promise<void>;
}

export interface OutboxWorker extends OutboxNudge {
  /** Stops polling and waits for the rows being handled. */
  stop(): Promise<void>;
}

/**
 * Polls an outbox every `pollMs` (and at once when nudged), handling claimed rows `concurrency` at a time, and
 * claiming again while there are more. Runs never overlap within an instance.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { log, name } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const ids = await options.claim(options.concurrency);
        if (ids.length === 0) break;
        await Promise.all(
          ids.map((id) =>
            options.handle(id).catch((error: unknown) => log.warn({ err: error, id }, `${name}: could not handle`)),
          ),
        );
      }
    } while (again && !stopped);
  }

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.warn({ err: error }, `${name} failed; trying again at the next interval`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, 0);
  const every = setInterval(tick, options.pollMs);
  first.unref();
  every.unref();
  return {
    nudge: () => setImmediate(tick),
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
