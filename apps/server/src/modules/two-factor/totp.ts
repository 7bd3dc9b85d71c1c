import type * as Otplib from 'otplib';
import { TOTP_DIGITS } from '@quorum/contract';

/** otplib, loaded the first time two-factor sign-in is used rather than at start-up. */
let otplib: Promise<typeof Otplib> | undefined;
const loadOtplib = () => (otplib ??= import('otplib'));

/** RFC 6238 as every authenticator app does it: HMAC-SHA-1, 6 digits, a new code every 30 seconds. */
const PERIOD_SECONDS = 30;
/** One time step of drift either way between the server's clock and the phone's. */
const DRIFT_STEPS = 1;
const ISSUER = 'Quorum';

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base 32. */
export async function newTotpSecret(): Promise<string> {
  const { generateSecret } = await loadOtplib();
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` address an authenticator app reads from a QR code. */
export async function totpUri(secret: string, label: string): Promise<string> {
  const { generateURI } = await loadOtplib();
  return generateURI({ issuer: ISSUER, label, secret, digits: TOTP_DIGITS, period: PERIOD_SECONDS, algorithm: 'sha1' });
}

/**
 * The time step whose code `code` is, within one step of `now`, and newer than `afterStep` (the last accepted
 * step, whose code and older ones are spent); undefined when it is none of them. `code` is six digits.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token: code,
    algorithm: 'sha1',
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_STEPS * PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
