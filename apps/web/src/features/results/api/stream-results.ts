import { LIVE_EVENTS, liveResultsEventSchema, type LiveResultsEvent } from '@quorum/contract';
import { storedToken } from '@/lib/storage';

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A Server-Sent Events parser for a text stream cut anywhere: feed it chunks, it calls back once per
 * complete event. Comments (heartbeats) and `retry:`/`id:` fields are skipped.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    const blocks = buffer.split(/\r\n\r\n|\n\n|\r\r/);
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onMessage({ event, data: data.join('\n') });
    }
  };
}

/** Why a stream stopped: the server ended it or the network broke (reconnect), or it was refused (do not). */
export type StreamEnd = { reason: 'ended' } | { reason: 'refused'; status: number };

/**
 * Opens GET /api/surveys/:id/results/stream with the bearer token in the Authorization header (never in the
 * URL), by fetch streaming rather than EventSource, which cannot send headers. Resolves when the stream ends;
 * rejects on a network error; an abort resolves as ended.
 */
export async function streamResults(
  surveyId: string,
  handlers: { onReady(event: LiveResultsEvent): void; onResponse(event: LiveResultsEvent): void },
  signal: AbortSignal,
): Promise<StreamEnd> {
  const token = storedToken();
  const response = await fetch(`/api/surveys/${encodeURIComponent(surveyId)}/results/stream`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) {
    void response.body?.cancel();
    return { reason: 'refused', status: response.status };
  }
  const parse = createSseParser(({ event, data }) => {
    let parsed: LiveResultsEvent;
    try {
      parsed = liveResultsEventSchema.parse(JSON.parse(data));
    } catch {
      return;
    }
    if (event === LIVE_EVENTS.ready) handlers.onReady(parsed);
    else if (event === LIVE_EVENTS.response) handlers.onResponse(parsed);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { reason: 'ended' };
      parse(value);
    }
  } catch (error) {
    if (signal.aborted) return { reason: 'ended' };
    throw error;
  } finally {
    reader.releaseLock();
  }
}
