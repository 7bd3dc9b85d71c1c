import { createHmac } from 'node:crypto';

// RFC 6238 as authenticator apps compute it, written here from the RFC with node:crypto, independent of the
// server's library, so the tests check the server against the standard rather than against itself.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of a base-32 secret (RFC 4648; spaces, padding and case ignored). */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]+/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base 32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code (RFC 4226 HOTP: HMAC-SHA-1, dynamic truncation, six digits) of time step `step` for a base-32 secret. */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The 30-second time step of a moment. */
export const totpStep = (date: Date): number => Math.floor(date.getTime() / 1000 / 30);

/** An authenticator app's code for the base-32 `secret` now, plus `stepsAhead` steps. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return totpAt(secret, totpStep(new Date()) + stepsAhead);
}
