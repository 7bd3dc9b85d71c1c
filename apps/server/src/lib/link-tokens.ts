import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens sent in a link (e-mail verification, password reset, workspace invitation, shared report): 32 random bytes,
 * base64url, in the link; only their SHA-256 (hex) is stored and looked up, so a copy of the database opens no link.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
