import { expect, test } from '@playwright/test';
import { atPath, paths } from '../support/paths';

test('the status page shows that the server answers', async ({ page }) => {
  await page.goto(paths.status.getHref());
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Server: ok');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
});

test('client routes survive a reload and assets are cached', async ({ page, request }) => {
  await page.goto(paths.auth.register.getHref());
  await page.reload();
  await expect(page).toHaveURL(atPath(paths.auth.register.getHref()));
  const index = await request.get('/some/client/route');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const assetRes = await request.get(asset!);
  expect(assetRes.headers()['cache-control']).toContain('immutable');
});
