import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { listen, stopServer } from '@quorum/test-support/ports';

// A local OpenAI-compatible server for the AI features' tests: real HTTP on loopback, speaking chat completions.

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (the caller's timeout must end the request). */
  hang?: boolean;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
  };
}

/** Answers each request with the next reply queued (500 when none is), and keeps every request it got. */
export class FakeProvider {
  readonly requests: ReceivedRequest[] = [];
  private readonly replies: FakeReply[] = [];
  private readonly server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      const reply = this.replies.shift() ?? { status: 500, body: { error: { message: 'no reply queued' } } };
      if (reply.hang) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });

  async start(): Promise<string> {
    return `http://127.0.0.1:${await listen(this.server)}/v1`;
  }

  reply(...replies: FakeReply[]): void {
    this.replies.push(...replies);
  }

  reset(): void {
    this.requests.length = 0;
    this.replies.length = 0;
  }

  close(): Promise<void> {
    return stopServer(this.server);
  }
}

/** A chat-completions answer whose assistant message carries `content`. */
export function completion(content: string, extra: { refusal?: string; finish_reason?: string } = {}): FakeReply {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: 'test-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: extra.refusal ?? null },
          finish_reason: extra.finish_reason ?? 'stop',
        },
      ],
    },
  };
}
