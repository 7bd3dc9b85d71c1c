import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AUDIT_CSV_COLUMNS } from '@quorum/contract';
import { loginViaApi, registerAndVerify, signInAdmin } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`);

test('an administrator sees a survey deletion in the audit log, filters it and downloads it as CSV', async ({
  page,
  request,
}, testInfo) => {
  const owner = await registerAndVerify(request, { name: 'Otto Owner' });
  const { token } = await loginViaApi(request, owner);
  const title = `Audited ${Date.now().toString(36)}`;
  const survey = await createSurveyViaApi(request, token, {
    projectName: 'Audit',
    title,
    questions: [{ text: 'Fine?', type: 'text', options: [] }],
  });
  await setSurveyStateViaApi(request, token, survey.surveyId, 'deleted');

  await signInAdmin(page, request);
  await page.goto(paths.admin.dashboard.getHref());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(atPath(paths.admin.audit.getHref()));
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

  const table = page.getByRole('table');
  const row = table.getByRole('row', { name: /Survey deleted/ }).filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Otto Owner <${owner.email}>`);
  await expect(row).toContainText('survey.deleted');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('audit-1280.png'), fullPage: true });

  // Filter by event: kept in the address; every row shown is a survey deletion.
  await page.getByRole('combobox', { name: 'Event' }).selectOption('survey.deleted');
  await expect(page).toHaveURL(/type=survey\.deleted/);
  await expect(row).toBeVisible();
  const events = await table.locator('tbody tr th').allInnerTexts();
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) expect(event).toContain('survey.deleted');

  // Filter by days: today keeps it, a range starting tomorrow finds nothing.
  const [today, tomorrow] = await page.evaluate(() => {
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    return [day(now), day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))];
  });
  await page.getByLabel('From').fill(today!);
  await page.getByLabel('To').fill(today!);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(row).toBeVisible();
  await page.getByLabel('To').fill('');
  await page.getByLabel('From').fill(tomorrow!);
  await expect(page.getByText('No entries match')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).toHaveURL(atPath(paths.admin.audit.getHref()));

  // The same filter as CSV, downloaded through a signed link.
  await page.getByRole('combobox', { name: 'Event' }).selectOption('survey.deleted');
  await expect(row).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quorum-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
  const line = lines.find((l) => l.includes(survey.surveyId));
  expect(line).toContain(',survey.deleted,user,');
  expect(line).toContain(owner.email);
  expect(line).toContain(title);
  expect(lines.slice(1).every((l) => l.includes(',survey.deleted,'))).toBe(true);
});

test('the audit log works at 360 px, with cards instead of the table', async ({ page, request }) => {
  await signInAdmin(page, request);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${paths.admin.audit.getHref()}?type=survey.deleted`);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Audit log entries, newest first' });
  await expect(cards.or(page.getByText(/No entries/))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);
});
