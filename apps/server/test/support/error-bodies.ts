import type { FastifyInstance } from 'fastify';
import { errorBodySchema, errorMessage, type ErrorParamsArg } from '@quorum/contract';

/**
 * Why an error answer's body breaks the contract, or undefined when it keeps it: the body must be the contract's
 * `{ message, code, params?, requestId? }` (nothing else) with a code of the catalog, and the English the catalog makes of `code`
 * and `params` must be `message`, word for word. A validation refusal carries its schema's own message instead,
 * and must name the field and zod's issue in its params.
 */
export function errorBodyProblem(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 200)}`;
  }
  const parsed = errorBodySchema.strict().safeParse(json);
  if (!parsed.success) return `not an error body (${parsed.error.issues[0]?.message}): ${text.slice(0, 200)}`;
  const { code, params, message } = parsed.data;
  if (code === 'VALIDATION_FAILED') {
    if (message === errorMessage('VALIDATION_FAILED')) return undefined;
    if (typeof params?.field !== 'string' || typeof params.issue !== 'string') {
      return `a validation refusal without its field and issue: ${text.slice(0, 200)}`;
    }
    return undefined;
  }
  const rendered = errorMessage(code, ...([params] as ErrorParamsArg<typeof code>));
  if (rendered !== message) return `${code} with ${JSON.stringify(params ?? {})} reads "${rendered}", not "${message}"`;
  return undefined;
}

/**
 * Checks every error answer `app` sends (anything with a 4xx or 5xx status and a JSON body, through Fastify:
 * routes, hooks, the error and not-found handlers) and keeps what it finds. Answers written to the socket before
 * Fastify sees a request are checked where they are tested.
 */
export function watchErrorBodies(app: FastifyInstance): { take(): string[] } {
  let problems: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 400 && typeof payload === 'string' && type.startsWith('application/json')) {
      const problem = errorBodyProblem(payload);
      if (problem) problems.push(`${request.method} ${request.url} answered ${reply.statusCode}: ${problem}`);
    }
    return payload;
  });
  return {
    take() {
      const found = problems;
      problems = [];
      return found;
    },
  };
}
