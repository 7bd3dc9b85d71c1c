import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, UserType } from '@quorum/contract';
import { UnauthorizedError } from './errors';

/**
 * Who is signed in, and the shapes of the two services that tell: the token service and the guard. The auth
 * module makes them; the application context and every module depend only on these shapes.
 */

/** The signed-in account behind a request. */
export type Principal = AuthUser & { tokenVersion: number };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
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

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (expired, tampered, alg:none, other algorithm). */
  verify(token: string): Promise<TokenClaims | null>;
}

/**
 * `guard('user')`, `guard('admin')` or `guard('user', 'admin')`: a route's onRequest hook that sets
 * `request.principal`, or answers 401 for a missing, invalid, outdated or wrong-role token.
 */
export type AuthGuard = (...roles: UserType[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The principal set by the guard; for handlers behind one. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
