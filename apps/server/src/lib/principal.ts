import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { API_KEY_PREFIX, type ApiKeyScope, type AuditActor, type AuthUser, type UserType } from '@quorum/contract';
import type { Database } from '../db/schema';
import { UnauthorizedError } from './errors';

/**
 * Who is signed in, and the shapes of the two services that tell: the token service and the guard. The auth
 * module makes them; the application context and every module depend only on these shapes.
 */

/** The signed-in account behind a request, and the session token it came with. */
export type Principal = AuthUser & {
  tokenVersion: number;
  /**
   * The token's id (`jti`) and when it expires: what signing out of this device revokes. Absent for an API key,
   * which has no session (and never reaches the routes that sign out).
   */
  session?: {
    id: string;
    expiresAt: Date;
    /** When the token was made: at a sign-in (or a password change). */
    issuedAt: Date;
  };
  /** Set when the request came with an API key (`qrm_…`) instead of a session token: the key and its scopes. */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /**
     * The scope an API key needs to call this route. Routes without one refuse API keys (403 API_KEY_NOT_ALLOWED):
     * keys never manage keys, change the password, or reach the admin API.
     */
    apiKeyScope?: ApiKeyScope;
    /**
     * The route's credential may be a short-lived signed link in the query's `token` (made by an export-link
     * route), else a session token: a browser download sends no Authorization header. The handler checks it; the
     * API document says so. A `token` that is not a signed link of this kind (an unsubscribe link's) is no reason
     * to set it.
     */
    signedLink?: true;
  }
}

/** What a session token says. */
export interface TokenClaims {
  /** The user's or admin's id. */
  sub: string;
  role: UserType;
  /** Token version: bumped on password change so older tokens stop working. */
  ver: number;
}

/** What a verified session token says: its claims, its random id and when it expires. */
export interface VerifiedClaims extends TokenClaims {
  /** A random id made for each token: revoking it ends this one session. */
  jti: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** When the token was made, in seconds since the epoch. */
  iat: number;
}

export interface TokenService {
  /** A new session token for the claims, with a fresh random `jti`. */
  sign(claims: TokenClaims): Promise<string>;
  /**
   * The claims of a valid token, or null for anything else (expired, tampered, alg:none, other algorithm, no
   * `jti`). Revocation is not the token service's business: the guard checks it against the database.
   */
  verify(token: string): Promise<VerifiedClaims | null>;
}

/**
 * `guard('user')`, `guard('admin')` or `guard('user', 'admin')`: a route's onRequest hook that sets
 * `request.principal`, or answers 401 for a missing, invalid, outdated or wrong-role token.
 */
export type AuthGuard = (...roles: UserType[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Whether a bearer token is an API key (`qrm_…`) rather than a session token. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * Signs a request in with an API key for a route open to `roles`: the principal, or a 401/403/429 error. The
 * api-keys module makes it; the guard calls it for a bearer token that is an API key.
 */
export type ApiKeyAuthenticator = (
  request: FastifyRequest,
  key: string,
  roles: readonly UserType[],
) => Promise<Principal>;

/**
 * Signing out everywhere ends a user's API keys too: revokes them inside the caller's transaction, and answers how
 * to record that in the audit log once the transaction is stored. The api-keys module makes it; the sessions
 * service, below it, is handed it in the context.
 */
export type ApiKeysSignOut = (
  trx: Transaction<Database>,
  userId: string,
) => Promise<{ record(actor: AuditActor, address: string): Promise<void> }>;

/** The principal set by the guard; for handlers behind one. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
