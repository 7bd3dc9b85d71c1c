import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** HKDF's label for this key: a key derived from the server secret for one purpose only. */
const KEY_INFO = 'quorum two-factor secrets v1';
const VERSION = 'v1';

/**
 * Seals short secrets for storage with AES-256-GCM under a key derived from the server secret (JWT_SECRET) by
 * HKDF-SHA-256 with its own label, so the key is never the token-signing key itself. Each sealing gets a fresh
 * 96-bit nonce; `context` (the account a secret belongs to) is authenticated with it, so a sealed value copied
 * to another account's row does not open there. The stored form is `v1.<nonce>.<ciphertext>.<tag>`, base64url.
 */
export function createSecretBox(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), KEY_INFO, 32));
  return {
    seal(plain: string, context: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },

    /** The plain text, or undefined when the value is damaged, belongs elsewhere or was sealed under another key. */
    open(sealed: string, context: string): string | undefined {
      const [version, nonce, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined || rest.length > 0) {
        return undefined;
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
