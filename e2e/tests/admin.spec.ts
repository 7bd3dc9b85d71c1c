import { spawnSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, loginViaApi, registerAndVerify, uniqueEmail } from '../support/accounts';
import { E2E_ADMIN } from '../support/env';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';

/**
 * A user's survey that went through launch, one response, close and delete — made through the API,
 * as the user and an anonymous respondent would.
 */
async function deletedSurveyWithOneResponse(request: APIRequestContext, title: string) {
  const account = await registerAndVerify(request, { name: 'Rita Restore' });
  const { token } = await loginViaApi(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const survey = await createSurveyViaApi(request, token, {
    projectName: 'Admin Journey',
    title,
    questions: [
      { text: 'Which colour?', type: 'multiple_choice', options: ['Red', 'Blue'] },
      { text: 'Anything else?', type: 'text', options: [] },
    ],
  });
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');
  await submitResponseViaApi(request, survey.surveyId, [
    { questionId: survey.questions[0]!.id, answer: 'Blue' },
    { questionId: survey.questions[1]!.id, answer: 'Lovely' },
  ]);
  await setSurveyStateViaApi(request, token, survey.surveyId, 'closed');
  await setSurveyStateViaApi(request, token, survey.surveyId, 'deleted');
  return { survey, account, headers };
}

const adminLogin = (page: Page, email: string, password: string) => logIn(page, email, password, 'Log in');

test('an administrator logs in, finds a deleted survey, restores it and opens its results', async ({
  page,
  request,
}, testInfo) => {
  const title = `Admin restore ${Date.now().toString(36)}`;
  const { survey, account, headers } = await deletedSurveyWithOneResponse(request, title);

  await page.goto(paths.auth.adminLogin.getHref());
  await expect(page).toHaveTitle(/Admin Login/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await adminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
  await expect(page.getByRole('heading', { name: 'All Surveys' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('admin');

  // Find it by its creator's email, then narrow to deleted surveys.
  await page.getByRole('searchbox', { name: 'Search' }).fill(account.email);
  await page.getByRole('combobox', { name: 'State' }).selectOption('deleted');
  await expect(page).toHaveURL(/state=deleted/);
  const table = page.getByRole('table');
  const row = table.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Rita Restore');
  await expect(row).toContainText(account.email);
  await expect(row).toContainText(survey.userId);
  await expect(row).toContainText('Deleted');
  await expect(row).toContainText('Admin Journey');
  await page.screenshot({ path: testInfo.outputPath('admin-dashboard-1280.png'), fullPage: true });

  await row.getByRole('button', { name: `Restore ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this survey?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  // Back to draft: it leaves the "deleted" filter; without the filter it shows as Draft.
  await expect(page.getByText('No surveys match')).toBeVisible();
  await page.getByRole('combobox', { name: 'State' }).selectOption('');
  const restored = page.getByRole('table').getByRole('row', { name: new RegExp(title) });
  await expect(restored).toContainText('Draft');
  await expect(restored.getByRole('button', { name: /Restore/ })).toHaveCount(0);

  // The owner sees it again.
  const mine = await request.get('/api/surveys', { headers });
  const listed = ((await mine.json()) as { surveys: Array<{ surveyId: string; state: string }> }).surveys;
  expect(listed.find((s) => s.surveyId === survey.surveyId)?.state).toBe('draft');

  await restored.getByRole('link', { name: `View results of ${title}` }).click();
  await expect(page).toHaveURL(atPath(paths.admin.surveyResults.getHref(survey)));
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText('Total Responses').first()).toBeVisible();
});

test('the survey list is cards on a phone', async ({ page, request }, testInfo) => {
  const title = `Admin phone ${Date.now().toString(36)}`;
  await deletedSurveyWithOneResponse(request, title);
  const { token, user } = await loginViaApi(request, E2E_ADMIN, 'admin');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userType', 'admin');
      localStorage.setItem('userData', JSON.stringify({ ...user, role: 'admin' }));
    },
    { token, user },
  );
  await page.goto(`${paths.admin.dashboard.getHref()}?q=${encodeURIComponent(title)}`);
  const cards = page.getByRole('list', { name: 'All surveys' });
  await expect(cards.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  await expect(cards.getByRole('button', { name: `Restore ${title}` })).toBeVisible();
  // Nothing of the screen's own content is wider than the phone.
  for (const box of [await cards.boundingBox(), await page.getByRole('search').boundingBox()]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  await page.screenshot({ path: testInfo.outputPath('admin-dashboard-375.png'), fullPage: true });
  // Medium screens: cards two by two.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('table')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('admin-dashboard-1024.png'), fullPage: true });
});

test('three bad admin logins show the lock message and disable the button', async ({ page }, testInfo) => {
  // An unknown email, so the real administrator is never locked for other tests.
  const email = uniqueEmail('not-an-admin');
  await page.goto(paths.auth.adminLogin.getHref());
  const button = page.getByRole('button', { name: 'Log in' });

  await adminLogin(page, email, 'Wrong-Passw0rd!');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByText('Remaining attempts: 2')).toBeVisible();

  await adminLogin(page, email, 'Wrong-Passw0rd!');
  await expect(page.getByText('Remaining attempts: 1')).toBeVisible();

  await adminLogin(page, email, 'Wrong-Passw0rd!');
  await expect(page.getByRole('alert')).toHaveText('Account locked. Try again in 15 minutes.');
  await expect(button).toBeDisabled();
  await expect(page.getByText(/Remaining attempts/)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('adminRetryCount'))).toBe('3');
  expect(Number(await page.evaluate(() => localStorage.getItem('adminLockoutEnd')))).toBeGreaterThan(Date.now());
  await page.screenshot({ path: testInfo.outputPath('admin-login-locked.png') });

  // The lock outlives a reload: the browser remembers it.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Account temporarily locked. Please try again in 15 minutes.');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
});

test('the server keeps the lock even when the browser forgets it', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await page.goto(paths.auth.adminLogin.getHref());
  for (let i = 0; i < 3; i += 1) await adminLogin(page, email, 'Wrong-Passw0rd!');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await adminLogin(page, email, 'Wrong-Passw0rd!');
  await expect(page.getByRole('alert')).toHaveText('Account locked. Try again in 15 minutes.');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
});

test('an administrator added with npm run admin:create edits their profile and password', async ({ page }) => {
  // The E2E server keeps its SQLite database in E2E_DATA_DIR: the command adds the admin to it.
  const email = uniqueEmail('cli-admin');
  const created = spawnSync('npm', ['run', '--silent', 'admin:create', '--', '--email', email, '--name', 'Cleo Cli'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: 'Cli-Passw0rd!',
    },
  });
  expect(created.stdout.trim(), created.stderr).toBe(`Administrator created: ${email} (Cleo Cli)`);

  await page.goto(paths.auth.adminLogin.getHref());
  await adminLogin(page, email, 'Cli-Passw0rd!');
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(atPath(paths.admin.profile.getHref()));
  await expect(page.getByRole('tab', { name: 'Profile Details' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Name').fill('Cleo Renamed');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Cleo Renamed')).toBeVisible();

  await page.getByRole('tab', { name: 'Change Password' }).click();
  await page.getByLabel('Current Password').fill('Cli-Passw0rd!');
  await page.getByLabel(/^New Password\*?$/).fill('Newer-Passw0rd!');
  await page.getByLabel('Confirm New Password').fill('Newer-Passw0rd!');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.adminLogin.getHref()));
  await adminLogin(page, email, 'Newer-Passw0rd!');
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
  await expect(page.getByRole('banner').getByText('Cleo Renamed')).toBeVisible();
});

test('the admin login and the All Surveys screen pass an axe-core scan', async ({ page, request }) => {
  await page.goto(paths.auth.adminLogin.getHref());
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  const login = await new AxeBuilder({ page }).analyze();
  expect(login.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const title = `Admin axe ${Date.now().toString(36)}`;
  await deletedSurveyWithOneResponse(request, title);
  await adminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole('heading', { name: 'All Surveys' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const wide = await new AxeBuilder({ page }).analyze();
  expect(wide.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page
    .getByRole('table')
    .getByRole('button', { name: `Restore ${title}` })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Restore this survey?' })).toBeVisible();
  const dialog = await new AxeBuilder({ page }).analyze();
  expect(dialog.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('list', { name: 'All surveys' })).toBeVisible();
  const narrow = await new AxeBuilder({ page }).analyze();
  expect(narrow.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
