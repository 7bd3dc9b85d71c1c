import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { TokenService } from '../../lib/principal';

const ALGORITHM = 'HS256';
const ISSUER = 'quorum';

/** Clock difference between instances that a token's lifetime may show, in seconds. */
export const CLOCK_SKEW_SECONDS = 60;

export function createTokenService(secret: string, expiresInHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const lifetimeSeconds = Math.round(expiresInHours * 3600);
  return {
    async sign({ sub, role, ver }) {
      return new SignJWT({ role, ver })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(sub)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        // An allow-list of exactly one algorithm: `none` and every other algorithm are refused.
        // A token must say when it was made and when it ends, and may not live longer than configured; it must
        // carry an id, or signing out could not revoke it.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ['exp', 'iat', 'sub', 'jti'],
          maxTokenAge: lifetimeSeconds + CLOCK_SKEW_SECONDS,
        });
        const { sub, role, ver, exp, iat, jti } = payload;
        if (exp === undefined || iat === undefined || exp - iat > lifetimeSeconds + CLOCK_SKEW_SECONDS) return null;
        if (typeof sub !== 'string' || (role !== 'user' && role !== 'admin') || typeof ver !== 'number') return null;
        if (typeof jti !== 'string' || jti.length === 0 || jti.length > 64) return null;
        return { sub, role, ver, jti, exp, iat };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
