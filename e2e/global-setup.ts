import { startOidcProvider } from '@quorum/test-support/oidc';
import { startServer } from '@quorum/test-support/processes';
import { startSmtpCapture } from '@quorum/test-support/smtp';
import { E2E_ADMIN, E2E_SSO_ADMIN, e2eEnv } from './support/env';

/** Starts the SMTP capture server, the loopback OpenID provider and the built app on a fresh data directory. */
export default async function globalSetup() {
  const env = e2eEnv();
  const smtp = await startSmtpCapture({ port: env.smtpPort, dir: env.mailDir });
  const oidc = await startOidcProvider({ redirectUris: [`${env.baseURL}/api/auth/sso/callback`] });
  const app = await startServer(env.port, {
    DATA_DIR: env.dataDir,
    WEB_DIST: process.env.E2E_WEB_DIST ?? '',
    SMTP_URL: smtp.url,
    PUBLIC_URL: env.baseURL,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: E2E_ADMIN.name,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    SUBMIT_RATE_LIMIT: '10000',
    REGISTER_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    ...oidc.env({ adminEmails: E2E_SSO_ADMIN }),
    PASSWORD_RESET_RATE_LIMIT: '10000',
  });
  return async () => {
    await app.stop();
    await smtp.close();
    await oidc.close();
  };
}
