import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface VerifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/**
 * A reCAPTCHA-compatible `siteverify` service on loopback. Tokens are of the form
 * `action:score[:hostname][#anything-to-make-it-unique]`; `unreachable` never answers; `broken` answers 500; a token seen
 * before answers `timeout-or-duplicate`, as the real service does.
 */
export async function startRecaptchaServer(): Promise<{
  url: string;
  requests: VerifyRequest[];
  close(): Promise<void>;
}> {
  const requests: VerifyRequest[] = [];
  const seen = new Set<string>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      requests.push({ secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') });
      if (token === 'unreachable') return; // never answers
      if (token === 'broken') {
        res.writeHead(500).end('oops');
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (seen.has(token)) {
        res.end(JSON.stringify({ success: false, 'error-codes': ['timeout-or-duplicate'] }));
        return;
      }
      seen.add(token);
      const [action, score, hostname] = token.split('#')[0]!.split(':');
      if (!action || score === undefined || Number.isNaN(Number(score))) {
        res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] }));
        return;
      }
      res.end(
        JSON.stringify({
          success: true,
          action,
          score: Number(score),
          hostname: hostname ?? 'localhost',
          challenge_ts: new Date().toISOString(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
