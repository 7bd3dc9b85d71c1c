import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Config } from '@quorum/server/src/config';
import { listen, stopServer } from './ports';

/** What the app server sent to `siteverify`. */
export interface VerifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface RecaptchaStandIn {
  /** The `siteverify` endpoint, for RECAPTCHA_VERIFY_URL. */
  verifyUrl: string;
  /** The browser script (`grecaptcha.ready` and `grecaptcha.execute`), for RECAPTCHA_SCRIPT_URL. */
  scriptUrl: string;
  /** Every verify request, in order. */
  requests: VerifyRequest[];
  /** The actions of the tokens that verified, in order. */
  verifiedActions: string[];
  /**
   * The server's `recaptcha` settings for this stand-in: site key `site-key`, secret `secret-key`, minimum score
   * 0.5 and a 2-second timeout unless `overrides` says otherwise.
   */
  serverConfig(overrides?: Partial<RecaptchaConfig>): RecaptchaConfig;
  close(): Promise<void>;
}

/** The server's bot-check settings (its `config.recaptcha`). */
export type RecaptchaConfig = NonNullable<Config['recaptcha']>;

export interface RecaptchaStandInOptions {
  /** The hostname reported for a token that names none; none is reported when left out. */
  hostname?: string;
}

/**
 * A token the stand-in verifies as `action` with `score` (0.9 by default), reporting `hostname` when given;
 * each call makes a new one, since a token verifies only once.
 */
export function recaptchaToken(action: string, options: { score?: number; hostname?: string } = {}): string {
  const hostname = options.hostname === undefined ? '' : `:${options.hostname}`;
  return `${action}:${options.score ?? 0.9}${hostname}#${randomUUID()}`;
}

/** A token the stand-in refuses as `invalid-input-response`; each call makes a new one. */
export function refusedRecaptchaToken(): string {
  return `refused#${randomUUID()}`;
}

/** The browser side: `grecaptcha.execute` makes tokens of the stand-in's form for the page's hostname. */
const SCRIPT = `
(function () {
  var n = 0;
  window.grecaptcha = {
    ready: function (cb) { setTimeout(cb, 50); },
    execute: function (siteKey, options) {
      n += 1;
      var token = options.action + ':0.9:' + location.hostname + '#' + [siteKey, Date.now(), n, Math.random()].join('-');
      return Promise.resolve(token);
    }
  };
})();
`;

/** What `siteverify` answers. */
type Verdict =
  | { success: false; 'error-codes': string[] }
  | { success: true; action: string; score: number; hostname: string | undefined; challenge_ts: string };

/** The JSON `siteverify` answers for `token`. */
function verdict(token: string, seen: Set<string>, defaultHostname: string | undefined): Verdict {
  if (seen.has(token)) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
  seen.add(token);
  const [action, score, hostname = defaultHostname] = token.split('#')[0]!.split(':');
  if (!action || score === undefined || Number.isNaN(Number(score))) {
    return { success: false, 'error-codes': ['invalid-input-response'] };
  }
  return { success: true, action, score: Number(score), hostname, challenge_ts: new Date().toISOString() };
}

/**
 * A stand-in for the reCAPTCHA v3 service on loopback, speaking its protocol: `POST
 * /recaptcha/api/siteverify` takes `secret`, `response` and `remoteip` as a form and answers as Google's
 * does, and `/recaptcha/api.js` is the browser script. A token says what the service answers:
 * `<action>:<score>[:<hostname>][#<anything>]` verifies as that action with that score (the part after `#`
 * only makes tokens unique); anything else is `invalid-input-response`, and a token seen before is
 * `timeout-or-duplicate`, as with the real service. The token `unreachable` is never answered and `broken`
 * is answered 500, for the app's handling of a service that fails.
 */
export async function startRecaptchaStandIn(options: RecaptchaStandInOptions = {}): Promise<RecaptchaStandIn> {
  const requests: VerifyRequest[] = [];
  const verifiedActions: string[] = [];
  const seen = new Set<string>();
  const siteverify = (form: URLSearchParams, res: ServerResponse) => {
    const token = form.get('response') ?? '';
    requests.push({ secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') });
    if (token === 'unreachable') return;
    if (token === 'broken') {
      res.writeHead(500).end('oops');
      return;
    }
    const answer = verdict(token, seen, options.hostname);
    if (answer.success) verifiedActions.push(answer.action);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'GET' && pathname === '/recaptcha/api.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(SCRIPT);
      return;
    }
    if (req.method === 'POST' && pathname === '/recaptcha/api/siteverify') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => siteverify(new URLSearchParams(body), res));
      return;
    }
    res.writeHead(404).end();
  });
  const origin = `http://127.0.0.1:${await listen(server)}`;
  const verifyUrl = `${origin}/recaptcha/api/siteverify`;
  const scriptUrl = `${origin}/recaptcha/api.js`;
  return {
    verifyUrl,
    scriptUrl,
    requests,
    verifiedActions,
    serverConfig: (overrides = {}) => ({
      siteKey: 'site-key',
      secretKey: 'secret-key',
      minScore: 0.5,
      verifyUrl,
      scriptUrl,
      timeoutMs: 2000,
      ...overrides,
    }),
    close: () => stopServer(server),
  };
}
