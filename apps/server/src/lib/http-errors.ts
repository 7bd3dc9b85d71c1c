import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorDetail, type ErrorBody } from '@quorum/contract';

/** A connect-style middleware that sets headers on a raw response, such as helmet's. */
export type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets, collected once, for answers written straight to a socket. */
export function collectHeaders(middleware: HeaderMiddleware): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...headers];
}

const CLIENT_ERRORS = new Map<string, { status: number; body: ErrorBody }>([
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, body: errorDetail('REQUEST_TIMEOUT') }],
  ['HPE_HEADER_OVERFLOW', { status: 431, body: errorDetail('HEADERS_TOO_LARGE') }],
]);
const MALFORMED: { status: number; body: ErrorBody } = { status: 400, body: errorDetail('MALFORMED_REQUEST') };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Answers what Node refuses before a request exists (a request that took too long, headers too large, bytes
 * that are not HTTP) the way every other answer looks: our `{ message, code }` body and the security headers.
 */
export function createClientErrorHandler(securityHeaders: [string, string][]) {
  const headerLines = securityHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = CLIENT_ERRORS.get(error.code ?? '') ?? MALFORMED;
    const text = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${headerLines}` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n` +
          `connection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy();
  };
}

const FRAMEWORK_ERRORS = new Map<string, { status: number; code: 'MALFORMED_URL' | 'URI_TOO_LONG' }>([
  ['FST_ERR_BAD_URL', { status: 400, code: 'MALFORMED_URL' }],
  ['FST_ERR_MAX_PARAM_LENGTH', { status: 414, code: 'URI_TOO_LONG' }],
]);

/**
 * Fastify's own refusals that come before routing (a URL that does not decode, a path segment over the length
 * the router takes): the same headers and body as every other answer, instead of Fastify's bare ones.
 */
export function createFrameworkErrorHandler(
  securityHeaders: HeaderMiddleware,
  fallback: (error: Error, requestId: string) => { status: number; body: ErrorBody },
) {
  return function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    securityHeaders(request.raw, reply.raw, () => {});
    const known = FRAMEWORK_ERRORS.get(error.code ?? '');
    const { status, body } = known
      ? { status: known.status, body: errorDetail(known.code) }
      : fallback(error, request.id);
    void reply.status(status).send(body);
  };
}
