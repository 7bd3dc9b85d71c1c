import { PassThrough } from 'node:stream';
import { LIVE_EVENTS, type LiveResultsEvent } from '@quorum/contract';
import type { LiveEvents, ResponseStoredEvent } from '../../events/live-events';

export interface ResultsStreamOptions {
  /** A comment line this often keeps proxies and the browser from timing the connection out. */
  heartbeatMs: number;
  /** At most one event per this interval per connection; bursts collapse into one trailing event. */
  throttleMs: number;
  /** The stream ends after this long; the client reconnects, which checks its session again. */
  maxDurationMs: number;
}

export const RESULTS_STREAM_DEFAULTS: ResultsStreamOptions = {
  heartbeatMs: 15_000,
  throttleMs: 1_000,
  maxDurationMs: 10 * 60_000,
};

/** Tells the browser how long to wait before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

export interface ResultsStream {
  /** The `text/event-stream` body. */
  body: PassThrough;
  /** Stops listening and ends the body; safe to call more than once. */
  close(): void;
}

function sseEvent(name: string, data: LiveResultsEvent): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One live results connection as Server-Sent Events: `ready` once listening (with the current total, read
 * after subscribing so nothing falls between), then `response` whenever responses are stored (throttled),
 * and a heartbeat comment. Ends after `maxDurationMs`, when `close()` is called, or when the body is destroyed.
 */
export function openResultsStream(
  liveEvents: LiveEvents,
  surveyId: string,
  currentTotal: () => Promise<number>,
  options: ResultsStreamOptions = RESULTS_STREAM_DEFAULTS,
): ResultsStream {
  const body = new PassThrough();
  let closed = false;
  let unsubscribe: (() => void) | undefined;
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let pending: ResponseStoredEvent | undefined;

  const write = (text: string) => {
    if (!closed && !body.destroyed) body.write(text);
  };
  const send = (event: ResponseStoredEvent) =>
    write(
      sseEvent(LIVE_EVENTS.response, {
        surveyId: event.surveyId,
        responseId: event.responseId,
        totalResponses: event.totalResponses,
      }),
    );
  const flush = () => {
    throttle = undefined;
    if (!pending) return;
    const event = pending;
    pending = undefined;
    send(event);
    throttle = setTimeout(flush, options.throttleMs);
  };
  const onEvent = (event: ResponseStoredEvent) => {
    if (closed) return;
    if (throttle) {
      // Commits can finish out of order: keep the event with the highest total.
      if (!pending || event.totalResponses >= pending.totalResponses) pending = event;
      return;
    }
    send(event);
    throttle = setTimeout(flush, options.throttleMs);
  };

  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  const lifetime = setTimeout(() => close(), options.maxDurationMs);

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    clearTimeout(throttle);
    unsubscribe?.();
    if (!body.destroyed) body.end();
  }
  body.on('close', close);
  body.on('error', close);

  write(`retry: ${RETRY_MS}\n: connected\n\n`);
  void liveEvents
    .subscribe(surveyId, onEvent)
    .then(async (stop) => {
      if (closed) return stop();
      unsubscribe = stop;
      const totalResponses = await currentTotal();
      write(sseEvent(LIVE_EVENTS.ready, { surveyId, totalResponses }));
    })
    .catch(() => close());

  return { body, close };
}
