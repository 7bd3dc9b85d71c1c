import { waitForStoredMail, type CapturedMail } from '@quorum/test-support/smtp';

/**
 * The newest mail the E2E servers sent to `to` (received at or after `after`, in milliseconds since the
 * epoch), waiting for it: the global setup's SMTP capture stores every message in E2E_MAIL_DIR.
 */
export function waitForMail(to: string, options: { timeoutMs?: number; after?: number } = {}): Promise<CapturedMail> {
  return waitForStoredMail(process.env.E2E_MAIL_DIR!, to, options);
}
