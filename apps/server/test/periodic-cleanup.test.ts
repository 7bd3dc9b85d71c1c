import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startPeriodicCleanup } from '../src/lib/periodic';

function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn'; message: string }> = [];
  const log = {
    info: (_object: unknown, message: string) => lines.push({ level: 'info', message }),
    warn: (_object: unknown, message: string) => lines.push({ level: 'warn', message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, checking every few milliseconds (a busy machine delays timers). */
async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await tick(5);
  }
}

describe('periodic cleanup', () => {
  it('runs at start and every interval, logs only what removed something, and a failure does not stop it', async () => {
    const { log, lines } = recordingLog();
    const outcomes = [{ rows: 0 }, { rows: 3 }, new Error('database away'), { rows: 1 }];
    let runs = 0;
    const stop = startPeriodicCleanup(log, 'test cleanup', 30, async () => {
      const outcome = outcomes[runs++] ?? { rows: 0 };
      if (outcome instanceof Error) throw outcome;
      return outcome;
    });
    await until(() => runs >= 4);
    await stop();
    expect(lines.slice(0, 3)).toEqual([
      { level: 'info', message: 'test cleanup' },
      { level: 'warn', message: 'test cleanup failed; trying again at the next interval' },
      { level: 'info', message: 'test cleanup' },
    ]);
  });

  it('never overlaps a run in progress, and stopping waits for it', async () => {
    const { log } = recordingLog();
    let active = 0;
    let most = 0;
    let finished = 0;
    const stop = startPeriodicCleanup(log, 'slow cleanup', 5, async () => {
      active++;
      most = Math.max(most, active);
      await tick(60);
      active--;
      finished++;
      return {};
    });
    await tick(30);
    await stop();
    expect(most).toBe(1);
    expect(finished).toBe(1);
    expect(active).toBe(0);
  });
});
