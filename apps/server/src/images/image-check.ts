import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './ip-address';

/**
 * Checks that a URL serves an image, the way the specification's HEAD request from the browser
 * would, but from the server (image hosts rarely send CORS headers, so a browser cannot read the
 * content type). Safe against server-side request forgery:
 * - http and https only, no credentials in the URL;
 * - the address actually connected to is checked: literal IPs before connecting, host names inside
 *   the socket's own DNS lookup, so a name that resolves differently a second time (DNS rebinding)
 *   cannot slip through;
 * - every redirect (at most `maxRedirects`) is checked the same way;
 * - one deadline for the whole check; the body is never read (HEAD, or a one-byte ranged GET when
 *   the host refuses HEAD, with the response destroyed as soon as its headers arrive).
 */

/** Decides whether an address may be connected to. */
export type AddressPolicy = (address: string) => boolean;

/** The policy for a configuration: public addresses only, or anything (OUTBOUND_ALLOW_PRIVATE). */
export function addressPolicy(allowPrivate: boolean): AddressPolicy {
  return allowPrivate ? () => true : isPublicAddress;
}

export interface ImageCheckOptions {
  /** Which resolved or literal addresses may be connected to; see `addressPolicy`. */
  allowAddress: AddressPolicy;
  /** Deadline for the whole check, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
}

export type ImageCheckFailure =
  | 'malformed-url'
  | 'unsupported-scheme'
  | 'credentials-in-url'
  | 'blocked-address'
  | 'dns-failure'
  | 'timeout'
  | 'network-error'
  | 'too-many-redirects'
  | 'bad-redirect'
  | 'http-status'
  | 'not-an-image';

export interface ImageCheckResult {
  ok: boolean;
  /** The content type the host answered with, when it answered. */
  contentType: string | null;
  /** Why the check failed (for logs; the client gets one message whatever the reason). */
  reason?: ImageCheckFailure;
  /** The URL finally answered, after redirects. */
  finalUrl?: string;
}

export const IMAGE_CHECK_TIMEOUT_MS = 5000;
export const IMAGE_CHECK_MAX_REDIRECTS = 3;
/** Statuses that mean "this host does not do HEAD here": retry with a one-byte GET. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to ${address}`);
  }
}

/** A DNS lookup for http(s).request that fails when any resolved address is refused by the policy. */
export function safeLookup(allowAddress: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      }
      const blocked = addresses.find((a) => !allowAddress(a.address));
      if (blocked) return callback(new BlockedAddressError(blocked.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

interface ProbeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
}

function probe(url: URL, method: 'HEAD' | 'GET', lookup: LookupFunction, signal: AbortSignal): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method,
        agent: false,
        lookup,
        signal,
        headers: {
          accept: 'image/*,*/*;q=0.5',
          'user-agent': 'QuorumImageCheck/1.0',
          ...(method === 'GET' ? { range: 'bytes=0-0' } : {}),
        },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
        // Never read the body: drop the connection as soon as the headers are in.
        response.destroy();
        request.destroy();
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function failure(reason: ImageCheckFailure, contentType: string | null = null, finalUrl?: string): ImageCheckResult {
  return { ok: false, contentType, reason, ...(finalUrl ? { finalUrl } : {}) };
}

function classify(error: unknown, signal: AbortSignal): ImageCheckFailure {
  if (signal.aborted) return 'timeout';
  if (error instanceof BlockedAddressError) return 'blocked-address';
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'dns-failure';
  return 'network-error';
}

/** Checks the URL; never throws for anything about the URL or the host. */
export async function checkImageUrl(rawUrl: string, options: ImageCheckOptions): Promise<ImageCheckResult> {
  const timeoutMs = options.timeoutMs ?? IMAGE_CHECK_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? IMAGE_CHECK_MAX_REDIRECTS;
  const lookup = safeLookup(options.allowAddress);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const { signal } = controller;

  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    clearTimeout(timer);
    return failure('malformed-url');
  }

  try {
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return failure('unsupported-scheme');
      if (url.username || url.password) return failure('credentials-in-url');
      // A literal IP is connected to without a lookup, so it is checked here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !options.allowAddress(host)) return failure('blocked-address');

      let answer: ProbeAnswer;
      try {
        answer = await probe(url, 'HEAD', lookup, signal);
        if (HEAD_REFUSED.has(answer.status)) answer = await probe(url, 'GET', lookup, signal);
      } catch (error) {
        return failure(classify(error, signal));
      }

      if (REDIRECTS.has(answer.status)) {
        const location = answer.headers.location;
        if (!location) return failure('bad-redirect');
        if (redirects >= maxRedirects) return failure('too-many-redirects');
        try {
          url = new URL(location, url);
        } catch {
          return failure('bad-redirect');
        }
        continue;
      }

      const contentType = answer.headers['content-type']?.trim() || null;
      if (answer.status < 200 || answer.status > 299) return failure('http-status', contentType, url.href);
      if (!contentType || !/^image\//i.test(contentType)) return failure('not-an-image', contentType, url.href);
      return { ok: true, contentType, finalUrl: url.href };
    }
  } finally {
    clearTimeout(timer);
  }
}
