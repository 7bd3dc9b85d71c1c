import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@quorum/contract';
import { BlockedAddressError, safeLookup, type AddressPolicy } from '../../images/image-check';

/**
 * Sending a webhook delivery, safe against server-side request forgery the way the image check is: the address
 * actually connected to is checked (literal IPs before connecting, host names inside the socket's own DNS
 * lookup, so DNS rebinding cannot slip through), and redirects are never followed: a 3xx is a failed attempt,
 * recorded with its status.
 */

/** `sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" with the secret>`. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

export interface SendOutcome {
  /** The receiver's HTTP status; null when none came. */
  statusCode: number | null;
  /** Why it failed without a 2xx; null on success. */
  error: string | null;
  /** The start of the receiver's answer. */
  snippet: string | null;
  durationMs: number;
}

export interface SendRequest {
  url: string;
  body: string;
  event: string;
  deliveryId: string;
  secret: string;
  /** Unix seconds. */
  timestamp: number;
  allowAddress: AddressPolicy;
  timeoutMs: number;
  /** Aborts the send (the instance is stopping). */
  signal?: AbortSignal;
}

/** Whether the URL may be used: every address its host is or resolves to passes the policy. */
export async function urlAllowed(rawUrl: string, allowAddress: AddressPolicy): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return allowAddress(host);
  try {
    const addresses = await dnsLookup(host, { all: true });
    return addresses.length > 0 && addresses.every((a) => allowAddress(a.address));
  } catch {
    return false;
  }
}

function describeError(error: unknown, timedOut: boolean, stopped: boolean, timeoutMs: number): string {
  if (timedOut) return `Timed out after ${timeoutMs / 1000} s`;
  if (stopped) return 'Cut short: the server was stopping';
  if (error instanceof BlockedAddressError) return 'The address is not allowed';
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'The host name does not resolve';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ECONNRESET') return 'Connection reset';
  return `Connection failed${code ? ` (${code})` : ''}`;
}

/** POSTs the stored body once; never throws for anything about the receiver. */
export function sendDelivery(request: SendRequest): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null, snippet: string | null = null): SendOutcome => ({
    statusCode,
    error,
    snippet,
    durationMs: elapsed(),
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve(fail('The URL is malformed'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(fail('Not an http(s) URL'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !request.allowAddress(host)) return Promise.resolve(fail('The address is not allowed'));

  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  return new Promise<SendOutcome>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: safeLookup(request.allowAddress),
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'Quorum-Webhooks/1',
          [WEBHOOK_HEADERS.event]: request.event,
          [WEBHOOK_HEADERS.delivery]: request.deliveryId,
          [WEBHOOK_HEADERS.timestamp]: String(request.timestamp),
          [WEBHOOK_HEADERS.signature]: signPayload(request.secret, request.timestamp, request.body),
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let text = '';
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          const snippet = text.slice(0, WEBHOOK_LIMITS.responseSnippet) || null;
          response.destroy();
          if (statusCode >= 200 && statusCode < 300) {
            resolve({ statusCode, error: null, snippet, durationMs: elapsed() });
          } else if (statusCode >= 300 && statusCode < 400) {
            resolve(fail('Redirects are not followed', statusCode, snippet));
          } else {
            resolve(fail(`The receiver answered ${statusCode}`, statusCode, snippet));
          }
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          // Only the start of the answer is kept: stop reading once it is in.
          if (text.length >= WEBHOOK_LIMITS.responseSnippet) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
        response.on('close', finish);
      },
    );
    req.on('error', (error) =>
      resolve(fail(describeError(error, timeout.aborted, request.signal?.aborted === true, request.timeoutMs))),
    );
    req.end(request.body);
  });
}
