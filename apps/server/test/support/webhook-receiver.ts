import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as it came. */
  body: string;
  receivedAt: number;
}

/** What the receiver does with a request: answer a status (and body), or never answer. */
export type ReceiverAnswer =
  { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for webhook deliveries: it keeps every request, and answers each with what
 * `answer` says (200 by default), given the request and how many came before it.
 */
export async function startWebhookReceiver(
  answer: (received: ReceivedDelivery, index: number) => ReceiverAnswer = () => ({ status: 200 }),
) {
  const received: ReceivedDelivery[] = [];
  const hanging = new Set<ServerResponse>();
  let respond = answer;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() };
      const index = received.length;
      received.push(delivery);
      const reply = respond(delivery, index);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      const send = () => {
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? 'ok');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Changes how later requests are answered. */
    answerWith(next: typeof answer) {
      respond = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Waits until `check` answers true (polling every 20 ms), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
