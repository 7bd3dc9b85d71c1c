import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logIn, signInNewUser, uniqueEmail } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { totpCode } from '@quorum/test-support/totp';
import { expectNoAxeViolations } from '../support/axe';

/**
 * Turns two-factor sign-in on from the open profile screen, as a person would: the key read from the screen
 * goes into "the app" (the test's own RFC 6238 code), its code turns it on, and the recovery codes are read.
 */
async function turnOnFromProfile(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page, 'the two-factor setup');

  await section.getByLabel(/^Code from the app/).fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list).toBeVisible();
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the recovery codes');

  // Downloading gives the same codes as a text file.
  const downloadPromise = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download codes' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('quorum-recovery-codes.txt');

  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(list).toBeHidden();
  await expect(section.getByText(/Recovery codes left:\s*10/)).toBeVisible();
  return { secret, recoveryCodes };
}

test('a user turns on two-factor sign-in, then signs in with an app code and with a recovery code', async ({
  page,
  request,
}) => {
  const account = await signInNewUser(page, request, { name: 'Tova Totp' });
  await page.goto(paths.user.profile.getHref());
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expectNoAxeViolations(page, 'the profile with two-factor sign-in off');
  const { secret, recoveryCodes } = await turnOnFromProfile(page);

  // Sign out; the password alone no longer signs in: the screen asks for the code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectNoAxeViolations(page, 'the code step');

  // A wrong code is refused; the app's next code (one step ahead: the enabling code spent this one) signs in.
  const next = totpCode(secret, 1);
  await page.getByLabel(/^Authentication code/).fill(next === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The code is not valid/);
  await page.getByLabel(/^Authentication code/).fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  await expect(page.getByRole('banner').getByText('Tova Totp')).toBeVisible();

  // Again with a recovery code instead of the app.
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expectNoAxeViolations(page, 'the recovery code step');
  await page.getByLabel(/^Recovery code/).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));

  // The same recovery code does not work twice.
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel(/^Recovery code/).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The code is not valid/);
  await page.getByLabel(/^Recovery code/).fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));

  // Turning it off takes the password and a code; then the password alone signs in again.
  await page.goto(paths.user.profile.getHref());
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText(/Recovery codes left:\s*8/)).toBeVisible();
  await section.getByRole('button', { name: 'Turn off' }).click();
  await section.getByLabel(/^Password/).fill(account.password);
  await section.getByLabel(/^Code from the app or a recovery code/).fill(recoveryCodes[2]!);
  await expectNoAxeViolations(page, 'turning two-factor sign-in off');
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section.getByText('Two-factor sign-in is off.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
});

test('an administrator turns on two-factor sign-in and signs in with an app code', async ({ page }) => {
  const email = uniqueEmail('totp-admin');
  const password = 'Totp-Passw0rd!';
  const created = spawnSync(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--email', email, '--name', 'Otto Admin'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR!,
        DATABASE_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: password,
      },
    },
  );
  expect(created.stdout.trim(), created.stderr).toBe(`Administrator created: ${email} (Otto Admin)`);

  await page.goto(paths.auth.adminLogin.getHref());
  await logIn(page, email, password, 'Log in');
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
  await page.goto(paths.admin.profile.getHref());
  const { secret } = await turnOnFromProfile(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.adminLogin.getHref()));
  // The second step on a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, email, password, 'Log in');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'the administrator code step at 360 px');
  await page.getByLabel(/^Authentication code/).fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
  await expect(page.getByRole('banner').getByText('Otto Admin')).toBeVisible();
});
