import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '@quorum/test-support/ports';
import { startServer, type RunningServer } from '@quorum/test-support/processes';
import { recaptchaToken, startRecaptchaStandIn, type RecaptchaStandIn } from '@quorum/test-support/recaptcha';
import { linkIn } from '@quorum/test-support/smtp';
import { E2E_PASSWORD, fillRegistration, logIn, uniqueEmail } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { atPath, paths } from '../support/paths';

const ADMIN = { email: 'bot-admin@quorum.test', password: 'Bot-Admin-Passw0rd!' };

// One app with the bot check switched on, talking to a reCAPTCHA stand-in on loopback.
test.describe('bot check switched on', () => {
  test.describe.configure({ mode: 'serial' });
  let recaptcha: RecaptchaStandIn;
  let app: RunningServer;

  test.beforeAll(async () => {
    recaptcha = await startRecaptchaStandIn();
    const port = await freePort();
    app = await startServer(port, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quorum-e2e-bot-')),
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RECAPTCHA_SITE_KEY: 'e2e-site-key',
      RECAPTCHA_SECRET_KEY: 'e2e-secret-key',
      RECAPTCHA_VERIFY_URL: recaptcha.verifyUrl,
      RECAPTCHA_SCRIPT_URL: recaptcha.scriptUrl,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await recaptcha?.close();
  });

  test('the public configuration names the site key and script, nothing secret', async ({ request }) => {
    const res = await request.get(`${app.baseURL}/api/config`);
    expect(await res.json()).toEqual({
      recaptchaSiteKey: 'e2e-site-key',
      recaptchaScriptUrl: recaptcha.scriptUrl,
      aiTranslation: false,
    });
  });

  test('register, verify the email, log in and update the profile, each with a token for its action', async ({
    page,
  }) => {
    const email = uniqueEmail('bot');
    const scriptLoads: string[] = [];
    page.on('request', (r) => r.url().startsWith(recaptcha.scriptUrl) && scriptLoads.push(r.url()));

    await page.goto(`${app.baseURL}/register`);
    await fillRegistration(page, { name: 'Bea Bot-Checked', email, password: E2E_PASSWORD, confirm: E2E_PASSWORD });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
    expect(recaptcha.verifiedActions.at(-1)).toBe('register');
    expect(scriptLoads[0]).toContain('render=e2e-site-key');

    const link = linkIn(await waitForMail(email), paths.auth.verifyEmail.getHref({ token: '' }));
    expect(link.startsWith(app.baseURL)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    expect(recaptcha.verifiedActions.at(-1)).toBe('email_verification');

    await page.goto(`${app.baseURL}/login`);
    await logIn(page, email, E2E_PASSWORD);
    await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
    expect(recaptcha.verifiedActions.at(-1)).toBe('login');

    await page.goto(`${app.baseURL}/profile`);
    await page.getByLabel('Name').fill('Bea Renamed');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    expect(recaptcha.verifiedActions.at(-1)).toBe('profile_update');
  });

  test('the admin login sends a token for admin_login', async ({ page }) => {
    await page.goto(`${app.baseURL}/admin/login`);
    await logIn(page, ADMIN.email, ADMIN.password, /^log ?in$/i);
    await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
    expect(recaptcha.verifiedActions.at(-1)).toBe('admin_login');
  });

  test('a call without a token is refused and changes nothing', async ({ request }) => {
    const email = uniqueEmail('no-token');
    const res = await request.post(`${app.baseURL}/api/user/auth/register`, {
      data: { name: 'No Token', email, password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD, recaptchaToken: '' },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Bot check failed. Please try again.' });
    // Nothing was created: the same email can still register with a valid token.
    const login = await request.post(`${app.baseURL}/api/user/auth/login`, {
      data: { email, password: E2E_PASSWORD, recaptchaToken: recaptchaToken('login', { hostname: '127.0.0.1' }) },
    });
    expect(login.status()).toBe(401);
  });

  test('screens without a protected call never load the script', async ({ page }) => {
    const scriptLoads: string[] = [];
    page.on('request', (r) => r.url().startsWith(recaptcha.scriptUrl) && scriptLoads.push(r.url()));
    await page.goto(`${app.baseURL}/status`);
    await expect(page.getByRole('status')).toHaveText('Server: ok');
    await page.goto(`${app.baseURL}/no-such-page`);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(scriptLoads).toEqual([]);
  });
});
