import { hkdfSync } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { MFA_TOKEN_MINUTES } from '@quorum/contract';
import type { Clock } from '../../lib/clock';
import type { TokenClaims } from '../../lib/principal';

const ALGORITHM = 'HS256';
const ISSUER = 'quorum';
/** Its own header type and audience: a session token is never one of these, nor this one a session token. */
const TYPE = 'quorum-mfa+jwt';
const AUDIENCE = 'quorum:login-2fa';
/** HKDF's label for the signing key: derived from the server secret, distinct from the session tokens' key. */
const KEY_INFO = 'quorum mfa tokens v1';

const LIFETIME_SECONDS = MFA_TOKEN_MINUTES * 60;

/**
 * The ticket between the two steps of a login with two-factor sign-in: the password was right for this account
 * (`sub`, `role`) at this token version (`ver`: a password change since makes it worthless). It lives five
 * minutes, is signed with a key of its own (HKDF from JWT_SECRET with its own label), and carries its own
 * header type and audience, so the session guard, which checks signatures with the plain secret, never takes it
 * and this service never takes a session token.
 */
export function createMfaTokenService(serverSecret: string, clock: Clock) {
  const key = new Uint8Array(hkdfSync('sha256', serverSecret, new Uint8Array(0), KEY_INFO, 32));
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    async sign({ sub, role, ver }: TokenClaims): Promise<string> {
      const now = nowSeconds();
      return new SignJWT({ role, ver })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + LIFETIME_SECONDS)
        .sign(key);
    },

    /** The claims of a valid, unexpired ticket; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: clock.now(),
          maxTokenAge: LIFETIME_SECONDS,
        });
        const { sub, role, ver, exp, iat } = payload;
        if (exp === undefined || iat === undefined || exp - iat > LIFETIME_SECONDS) return null;
        if (typeof sub !== 'string' || (role !== 'user' && role !== 'admin') || typeof ver !== 'number') return null;
        return { sub, role, ver };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
