import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerAndVerify } from '../support/accounts';
import { paths } from '../support/paths';

/** A catalog of the web app, as the build bundles it. */
const catalog = (language: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as {
    [key: string]: { [key: string]: string };
  };

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test("follows the browser's language, and shows a server error in it by its code", async ({ page, request }) => {
    const auth = catalog('de', 'auth');
    const account = await registerAndVerify(request);
    await page.goto(paths.auth.login.getHref());
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: auth.login!.title })).toBeVisible();
    await expect(page).toHaveTitle(`${auth.login!.title} · Quorum`);

    await page.getByLabel(auth.fields!.email!).fill(account.email);
    // By name: "Passwort anzeigen" (the button that shows it) is named by the same word.
    await page.locator('input[name="password"]').fill('Wrong-Passw0rd!');
    await page.getByRole('button', { name: auth.login!.submit, exact: true }).click();
    // The server words it in English; the screen shows the German catalog's text for its code.
    await expect(page.getByText(catalog('de', 'contract').errors!.INVALID_CREDENTIALS!)).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toHaveCount(0);
  });
});

test('choosing العربية lays the page out right to left, and the choice is remembered', async ({ page }) => {
  await page.goto(paths.auth.login.getHref());
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const title = catalog('ar', 'auth').login!.title!;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('combobox', { name: catalog('ar', 'common').language!.label })).toHaveValue('ar');
});
