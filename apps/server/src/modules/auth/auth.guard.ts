import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { UnauthorizedError } from '../../lib/errors';
import {
  isApiKey,
  type ApiKeyAuthenticator,
  type AuthGuard,
  type Principal,
  type TokenService,
} from '../../lib/principal';
import { findPrincipal } from './auth.repository';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Resolves a token to its account, checking role, token version and revocation; null when not valid. */
export async function principalFromToken(
  db: Kysely<Database>,
  tokens: TokenService,
  token: string,
): Promise<Principal | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const row = await findPrincipal(db, claims.role, claims.sub, claims.jti);
  if (!row || row.revoked || row.token_version !== claims.ver) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    type: claims.role,
    tokenVersion: row.token_version,
    session: { id: claims.jti, expiresAt: new Date(claims.exp * 1000), issuedAt: new Date(claims.iat * 1000) },
  };
}

/**
 * `guard('user')`, `guard('admin')` or `guard('user', 'admin')` as a route's onRequest hook, so a request
 * is authenticated before its body is read or parsed:
 * a missing, invalid, outdated, revoked or wrong-role token gets 401. The database is shared by every
 * instance, so a token revoked through one is refused by all.
 * A bearer token starting with `qrm_` is an API key, signed in by `apiKeys` (see createApiKeyAuthenticator).
 */
export function createAuthGuard(db: Kysely<Database>, tokens: TokenService, apiKeys: ApiKeyAuthenticator): AuthGuard {
  return (...roles) =>
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new UnauthorizedError();
      if (isApiKey(token)) {
        request.principal = await apiKeys(request, token, roles);
        return;
      }
      const principal = await principalFromToken(db, tokens, token);
      if (!principal || !roles.includes(principal.type)) {
        throw new UnauthorizedError('INVALID_TOKEN');
      }
      request.principal = principal;
    };
}
