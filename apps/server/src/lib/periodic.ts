import type { FastifyBaseLogger } from 'fastify';

/** How many rows each kind of cleanup removed. */
export type Removed = Record<string, number>;

/**
 * Runs a cleanup right after start, then every `intervalMs`, until the returned stop function is called (it waits
 * for a run in progress). Runs never overlap. Several instances may run the same cleanup at once: each delete
 * takes only rows past their time, so a second run finds nothing more. What was removed is logged when anything
 * was; a failed run is logged and tried again at the next interval.
 */
export function startPeriodicCleanup(
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  cleanup: () => Promise<Removed>,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = cleanup()
      .then(
        (removed) => {
          if (Object.values(removed).some((count) => count > 0)) log.info({ removed }, name);
        },
        (error: unknown) => log.warn({ err: error }, `${name} failed; trying again at the next interval`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 0);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
