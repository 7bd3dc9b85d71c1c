import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { E2E_SSO_ADMIN } from '../support/env';
import { atPath, paths } from '../support/paths';

/** The loopback provider's own sign-in form: any password signs in as the account named by the login. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a new person signs in with the identity provider and lands on the dashboard with a verified account', async ({
  page,
}) => {
  const email = uniqueEmail('sso');
  await page.goto(paths.auth.login.getHref());
  const button = page.getByRole('link', { name: 'Sign in with Loopback ID' });
  await expect(button).toBeVisible();
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations).toEqual([]);

  await button.click();
  await signInAtProvider(page, email);

  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  // The one-time code left the address and the history.
  expect(page.url()).not.toContain('code=');
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('user');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}'))).toMatchObject({ email });

  // Signing in again later (the provider remembers the person, so no form this time) is the same account.
  const firstId = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').id as string);
  await page.evaluate(() => localStorage.clear());
  await page.goto(paths.auth.register.getHref());
  await page.getByRole('link', { name: 'Sign in with Loopback ID' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').id as string)).toBe(firstId);
});

test('a refused sign-in comes back to the login screen with the reason, readable at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(paths.auth.adminLogin.getHref());
  await page.getByRole('link', { name: 'Sign in with Loopback ID' }).click();
  await signInAtProvider(page, uniqueEmail('not-an-admin'));

  await expect(page).toHaveURL(/\/admin\/login\?sso_error=not_admin$/);
  await expect(page.getByText('This account is not an administrator.')).toBeVisible();
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations).toEqual([]);
  await context.close();
});

test('an administrator named in OIDC_ADMIN_EMAILS signs in to the admin dashboard', async ({ page }) => {
  await page.goto(paths.auth.adminLogin.getHref());
  await page.getByRole('link', { name: 'Sign in with Loopback ID' }).click();
  await signInAtProvider(page, E2E_SSO_ADMIN);
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('admin');
});

test('a used or unknown sign-in code shows a clear message and the way back', async ({ page }) => {
  await page.goto(`${paths.auth.ssoComplete.getHref()}#code=not-a-real-code`);
  await expect(page.getByText('This sign-in has expired or was already used. Please sign in again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations).toEqual([]);
});
