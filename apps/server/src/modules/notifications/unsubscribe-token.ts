import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** HKDF's label for this key: derived from the server secret for unsubscribe links only. */
const KEY_INFO = 'quorum unsubscribe links v1';

/**
 * The token of a notification mail's unsubscribe link: base64url(surveyId) + '.' + base64url(HMAC-SHA-256 of the
 * survey id) under a key derived from the server secret. Nothing is stored: the link works as long as the secret
 * stays, and only for the survey it names.
 */
export function createUnsubscribeTokens(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), KEY_INFO, 32));
  const mac = (surveyId: string) => createHmac('sha256', key).update(surveyId, 'utf8').digest();
  return {
    make(surveyId: string): string {
      return `${Buffer.from(surveyId, 'utf8').toString('base64url')}.${mac(surveyId).toString('base64url')}`;
    },
    /** The survey id the token was made for, or undefined for a damaged or forged token. */
    read(token: string): string | undefined {
      const [encodedId, signature, ...rest] = token.split('.');
      if (!encodedId || !signature || rest.length > 0) return undefined;
      if (!/^[A-Za-z0-9_-]+$/.test(encodedId) || !/^[A-Za-z0-9_-]+$/.test(signature)) return undefined;
      const surveyId = Buffer.from(encodedId, 'base64url').toString('utf8');
      if (Buffer.from(surveyId, 'utf8').toString('base64url') !== encodedId) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(surveyId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? surveyId : undefined;
    },
  };
}

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The page a mail links to: it explains and asks before turning anything off. */
export function unsubscribePageLink(publicUrl: string, token: string): string {
  return `${base(publicUrl)}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The List-Unsubscribe address: mail programs POST `List-Unsubscribe=One-Click` to it (RFC 8058). */
export function oneClickUnsubscribeLink(publicUrl: string, token: string): string {
  return `${base(publicUrl)}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}
