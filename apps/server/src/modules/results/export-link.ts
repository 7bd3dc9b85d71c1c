import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserType } from '@quorum/contract';

/**
 * What a download link is bound to: one survey, one account (at one token version), the API key it was made with
 * if any, until a time.
 */
export interface ExportClaims {
  /** The survey whose results the link downloads (for other downloads, what they download). */
  surveyId: string;
  principalType: UserType;
  principalId: string;
  tokenVersion: number;
  /** Expiry, in milliseconds since the epoch. */
  expiresAt: number;
  /** The API key the link was made with: the download checks the key is still there and has the scope. */
  apiKeyId?: string;
}

/** The results CSV's purpose; another download passes its own, so a link of one kind never opens another. */
const RESULTS_CSV_PURPOSE = 'quorum:results-csv-export:v1';

export interface ExportLinkSigner {
  sign(claims: ExportClaims): string;
  /** The claims of an authentic token, or null for anything tampered with or malformed (expiry is the caller's). */
  verify(token: string): ExportClaims | null;
}

/**
 * Short-lived download tokens for the CSV: an HMAC-SHA256 over the claims, with a key derived from the
 * server secret for this purpose only, so a download token can never be used as a session token or the
 * other way round. The token goes in a URL, which is why it lives seconds, not days.
 */
export function createExportLinkSigner(secret: string, purpose = RESULTS_CSV_PURPOSE): ExportLinkSigner {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claims) {
      const payload = Buffer.from(
        JSON.stringify([
          claims.surveyId,
          claims.principalType,
          claims.principalId,
          claims.tokenVersion,
          claims.expiresAt,
          ...(claims.apiKeyId === undefined ? [] : [claims.apiKeyId]),
        ]),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(parsed) || (parsed.length !== 5 && parsed.length !== 6)) return null;
      const fields: readonly unknown[] = parsed;
      const [surveyId, principalType, principalId, tokenVersion, expiresAt, apiKeyId] = fields;
      if (
        (apiKeyId !== undefined && typeof apiKeyId !== 'string') ||
        typeof surveyId !== 'string' ||
        (principalType !== 'user' && principalType !== 'admin') ||
        typeof principalId !== 'string' ||
        typeof tokenVersion !== 'number' ||
        typeof expiresAt !== 'number'
      ) {
        return null;
      }
      return {
        surveyId,
        principalType,
        principalId,
        tokenVersion,
        expiresAt,
        ...(apiKeyId === undefined ? {} : { apiKeyId }),
      };
    },
  };
}
