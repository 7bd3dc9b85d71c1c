import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@quorum/contract';
import { linkIn } from '@quorum/test-support/smtp';
import { logIn, loginViaApi, registerAndVerify, uniqueEmail } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { atPath, paths } from '../support/paths';
import { expectNoAxeViolations } from '../support/axe';

const NEW_PASSWORD = 'Reset-Route7!';
const RESET_LINK = `${paths.auth.resetPassword.getHref()}?token=`;

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('a forgotten password is reset through the mailed link, which then ends every session and works once', async ({
  browser,
  request,
  baseURL,
}) => {
  const account = await registerAndVerify(request);
  const otherDevice = await loginViaApi(request, account);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();

  // From the login screen to the forgot-password screen, by keyboard.
  await page.goto(paths.auth.login.getHref());
  await page.getByRole('link', { name: 'Forgot password?' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(atPath(paths.auth.forgotPassword.getHref()));
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password');

  const askedAt = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordResetRequested)).toBeVisible();
  await expectNoAxeViolations(page, 'reset link sent');

  // The mail, through the real SMTP capture.
  const mail = await waitForMail(account.email, { after: askedAt });
  const link = linkIn(mail, paths.auth.resetPassword.getHref());
  expect(link.startsWith(`${baseURL}${RESET_LINK}`)).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByLabel(/^New Password/).fill('weak');
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expectNoAxeViolations(page, 'reset password');
  await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
  await expect(page.getByText('All password requirements are met')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();

  // The login page, with a success message; the new password works, the other device's session has ended.
  await expect(page).toHaveURL(/\/login\?notice=password-reset$/);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.passwordResetDone })).toBeVisible();
  await expectNoAxeViolations(page, 'login after reset');
  const ended = await request.get('/api/user/auth/verify-user-token', {
    headers: { authorization: `Bearer ${otherDevice.token}` },
  });
  expect(ended.status()).toBe(401);
  await logIn(page, account.email, NEW_PASSWORD);
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));

  // The link works once.
  const reuse = await browser.newContext({ baseURL });
  const again = await reuse.newPage();
  await again.goto(link);
  await again.getByLabel(/^New Password/).fill('Another-Reset8!');
  await again.getByLabel('Confirm New Password').fill('Another-Reset8!');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(again.getByRole('heading', { name: 'Link already used' })).toBeVisible();
  await expect(again.getByText(MESSAGES.passwordResetUsed)).toBeVisible();
  await expectNoAxeViolations(again, 'used link');
  await again.getByRole('link', { name: 'Request a new link' }).click();
  await expect(again).toHaveURL(atPath(paths.auth.forgotPassword.getHref()));

  await context.close();
  await reuse.close();
});

test('an unknown email gets the same answer and no mail; a broken or missing link says so', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const nobody = uniqueEmail('nobody');
  await page.goto(paths.auth.forgotPassword.getHref());
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MESSAGES.passwordResetRequested)).toBeVisible();
  await expect(waitForMail(nobody, { timeoutMs: 1500 })).rejects.toThrow();

  await page.goto(`${RESET_LINK}not-a-real-token`);
  await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Link expired or invalid' })).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordResetInvalid)).toBeVisible();

  await page.goto(paths.auth.resetPassword.getHref());
  await expect(page.getByRole('heading', { name: 'Link expired or invalid' })).toBeVisible();
  await context.close();
});
