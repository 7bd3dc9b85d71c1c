import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH } from '@quorum/contract';
import { BadRequestError } from './errors';

/**
 * Whether a JSON text nests objects and arrays deeper than `max`. One pass over the characters, skipping
 * strings, so a hostile body is refused before the parser or the validator walks it.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** A `\u0000` escape in JSON text (one not itself escaped): a NUL character once parsed. */
const NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/**
 * JSON bodies: Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys), behind the
 * depth check. Each route's body limit applies while the body is read, before either runs.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new BadRequestError('BODY_TOO_DEEP', { maxDepth: MAX_JSON_DEPTH }), undefined);
      return;
    }
    // PostgreSQL cannot store a NUL character, so neither database is offered one.
    if (NUL_ESCAPE.test(body as string)) {
      done(new BadRequestError('NUL_CHARACTER'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
