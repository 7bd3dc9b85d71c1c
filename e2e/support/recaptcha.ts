import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the reCAPTCHA v3 service on loopback: `/api.js` is a script implementing
 * `grecaptcha.ready` and `grecaptcha.execute(siteKey, { action })`, and `/siteverify` answers like
 * Google's verify endpoint. Tokens encode the action, a score and the page's hostname; the
 * verify endpoint records every token it is asked about.
 */
export interface RecaptchaDouble {
  scriptUrl: string;
  verifyUrl: string;
  /** The actions of the tokens the app server asked to verify, in order. */
  verifiedActions: string[];
  close(): Promise<void>;
}

const SCRIPT = `
(function () {
  var n = 0;
  window.grecaptcha = {
    ready: function (cb) { setTimeout(cb, 50); },
    execute: function (siteKey, options) {
      n += 1;
      var token = [options.action, '0.9', location.hostname, siteKey, Date.now() + '-' + n + '-' + Math.random()].join('|');
      return Promise.resolve(token);
    }
  };
})();
`;

export async function startRecaptchaDouble(): Promise<RecaptchaDouble> {
  const verifiedActions: string[] = [];
  const seen = new Set<string>();
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/api.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(SCRIPT);
      return;
    }
    if (req.url?.startsWith('/siteverify') && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const token = new URLSearchParams(body).get('response') ?? '';
        const [action, score, hostname] = token.split('|');
        res.setHeader('content-type', 'application/json');
        if (!action || seen.has(token)) {
          res.end(
            JSON.stringify({
              success: false,
              'error-codes': [seen.has(token) ? 'timeout-or-duplicate' : 'invalid-input-response'],
            }),
          );
          return;
        }
        seen.add(token);
        verifiedActions.push(action);
        res.end(
          JSON.stringify({
            success: true,
            action,
            score: Number(score),
            hostname,
            challenge_ts: new Date().toISOString(),
          }),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    scriptUrl: `http://127.0.0.1:${port}/api.js`,
    verifyUrl: `http://127.0.0.1:${port}/siteverify`,
    verifiedActions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
