import { expect, test, type Page } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { paths } from '../support/paths';

// The theme: System (the default) follows the device's setting, also while the page is open; Light and Dark are
// chosen in the top bar's theme menu, by keyboard, and kept across reloads and on the public survey page; the
// theme is on <html> before the app's code runs.

// slate-50 as Tailwind writes it, and the dark theme's page colour.
const PAGE_LIGHT = 'oklch(0.984 0.003 247.858)';
const PAGE_DARK = 'rgb(2, 6, 23)';

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const colorScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

test('System follows the device setting, before and after the page loads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(paths.auth.login.getHref());
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(PAGE_DARK);
  expect(await colorScheme(page)).toBe('dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe(PAGE_LIGHT);
  expect(await colorScheme(page)).toBe('light');

  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
});

test('a choice made by keyboard is kept across reloads and wins over the device', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.auth.login.getHref());
  const button = page.getByRole('button', { name: 'Theme' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const group = page.getByRole('group', { name: 'Theme' });
  await expect(group.getByRole('radio', { name: 'System' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();
  await expect(button).toBeFocused();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(PAGE_DARK);
  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // Light on a dark device.
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe(PAGE_LIGHT);

  // Back to System: the device's dark again.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the theme is set before the app runs, and the public survey page follows the choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.auth.login.getHref());
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();

  // Without the app's code (its scripts refused), the page is dark already.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(paths.auth.register.getHref());
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(PAGE_DARK);
  await page.unrouteAll();

  await page.goto(paths.publicSurvey.survey.getHref({ projectId: 'nowhere', surveyId: 'nothing-here' }));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(PAGE_DARK);
});

test('the signed-in top bar has the theme menu at 360 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInNewUser(page, request);
  await page.goto(paths.user.dashboard.getHref());
  const button = page.getByRole('banner').getByRole('button', { name: 'Theme' });
  await expect(button).toBeVisible();
  await button.click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The open panel stays inside the screen.
  const box = (await page.getByRole('group', { name: 'Theme' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
