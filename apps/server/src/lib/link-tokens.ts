import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens sent in a link (e-mail verification, password reset, workspace invitation): 32 random bytes in the link;
 * only their SHA-256 is stored, so a copy of the database opens no link.
 */
export function newVerificationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashVerificationToken(token) };
}

export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
