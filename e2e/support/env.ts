import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePortSync } from '@quorum/test-support/ports';

/**
 * Values shared by the config, the global setup and every worker. Set once in the main
 * process; workers inherit them through the environment.
 */
export function e2eEnv() {
  process.env.E2E_PORT ??= String(freePortSync());
  process.env.E2E_SMTP_PORT ??= String(freePortSync());
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'quorum-e2e-data-'));
  process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'quorum-e2e-mail-'));
  return {
    port: Number(process.env.E2E_PORT),
    smtpPort: Number(process.env.E2E_SMTP_PORT),
    dataDir: process.env.E2E_DATA_DIR,
    mailDir: process.env.E2E_MAIL_DIR,
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium flags these machines need. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The administrator the E2E server is started with. */
export const E2E_ADMIN = { email: 'admin@quorum.test', password: 'Admin-Passw0rd!', name: 'Ada Admin' };

/** The email the loopback OpenID provider's administrator signs in with (OIDC_ADMIN_EMAILS). */
export const E2E_SSO_ADMIN = 'sso-admin@quorum.test';
