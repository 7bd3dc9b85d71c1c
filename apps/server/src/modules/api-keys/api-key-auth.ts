import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import type { ApiKeyAuthenticator, Principal } from '../../lib/principal';
import { findApiKeyByHash, touchApiKey } from './api-keys.repository';
import { hashApiKey, parseScopes } from './api-keys.service';

/** How often a key's last use moves, and a read with it is recorded in the audit log. */
const LAST_USED_STEP_MS = 60_000;
/** Methods that change nothing: recorded in the audit log at most once a minute per key. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Signs a request in with an API key (`Authorization: Bearer qrm_…`). The key is looked up by its hash on
 * every request (no cache, so a revoked key is refused at once by every instance); an unknown one is 401.
 * A key acts as its owner, a user, and only on routes that name the scope they need (`config.apiKeyScope`):
 * a route without one, or one not open to users, is 403 API_KEY_NOT_ALLOWED; a scope the key lacks is 403
 * API_KEY_SCOPE_MISSING. Each key may make API_KEY_RATE_LIMIT requests a minute over all routes together
 * (counted in Redis when configured, so across instances). A request let through moves the key's last use
 * (at most once a minute) and is recorded in the audit log as `api_key.used`: every write, and a read when it
 * moved the last use, so reads are recorded at most once a minute per key.
 */
export function createApiKeyAuthenticator(
  deps: Pick<AppContext, 'db' | 'clock' | 'audit' | 'config'>,
): ApiKeyAuthenticator {
  const { db, clock, audit, config } = deps;
  const keyIds = new WeakMap<FastifyRequest, string>();
  let limiter: ReturnType<FastifyRequest['server']['createRateLimit']> | undefined;

  return async (request, key, roles) => {
    const row = await findApiKeyByHash(db.kysely, hashApiKey(key));
    if (!row) throw new UnauthorizedError('INVALID_TOKEN');
    const scopes = parseScopes(row.scopes);
    const needed = request.routeOptions.config.apiKeyScope;
    if (!needed || !roles.includes('user')) throw new ForbiddenError('API_KEY_NOT_ALLOWED');
    if (!scopes.includes(needed)) throw new ForbiddenError('API_KEY_SCOPE_MISSING', { scope: needed });

    keyIds.set(request, row.id);
    limiter ??= request.server.createRateLimit({
      max: config.apiKeyRateLimit,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-key:${keyIds.get(req) ?? ''}`,
    });
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequestsError('RATE_LIMITED', limit.ttlInSeconds);

    const principal: Principal = {
      id: row.user_id,
      name: row.user_name,
      email: row.user_email,
      type: 'user',
      tokenVersion: row.token_version,
      apiKey: { id: row.id, scopes },
    };
    const now = clock.now();
    const moved = await touchApiKey(
      db.kysely,
      row.id,
      now.toISOString(),
      new Date(now.getTime() - LAST_USED_STEP_MS).toISOString(),
    );
    if (moved || !READ_METHODS.has(request.method)) {
      await audit.record({
        type: 'api_key.used',
        actor: auditActor(principal),
        address: request.ip,
        target: { type: 'user', id: principal.id },
        details: { keyId: row.id, method: request.method, route: request.routeOptions.url ?? request.url },
      });
    }
    return principal;
  };
}
