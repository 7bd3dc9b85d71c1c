import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, ERROR_MESSAGES, accountExportSchema } from '@quorum/contract';
import { logIn, signInNewUser } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`);

test('a user downloads their data, then deletes the account with a typed confirmation and cannot sign in again', async ({
  page,
  request,
}, testInfo) => {
  const me = await signInNewUser(page, request, { name: 'Dana Departing' });
  const title = `Leaving survey ${Date.now().toString(36)}`;
  const survey = await createSurveyViaApi(request, me.token, {
    projectName: 'Goodbye',
    title,
    questions: [{ text: 'Will you miss us?', type: 'multiple_choice', options: ['Yes', 'No'] }],
  });
  await setSurveyStateViaApi(request, me.token, survey.surveyId, 'active');
  await submitResponseViaApi(request, survey.surveyId, [{ questionId: survey.questions[0]!.id, answer: 'Yes' }]);

  await page.goto(paths.user.profile.getHref());
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Download my data: a JSON file with the profile, the survey and its response.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quorum-account-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = accountExportSchema.parse(JSON.parse(readFileSync((await download.path())!, 'utf8')));
  expect(exported.profile).toMatchObject({ id: me.user.id, name: 'Dana Departing', email: me.email });
  expect(exported.surveys.map((s) => s.title)).toEqual([title]);
  expect(exported.surveys[0]!.responses.map((r) => r.answers)).toEqual([{ [survey.questions[0]!.id]: 'Yes' }]);

  // Delete account: nothing happens until DELETE is typed; a wrong password changes nothing.
  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByLabel(/^Password/).fill('Not-my-passw0rd!');
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(confirm).not.toHaveAttribute('aria-disabled', 'true');
  await confirm.click();
  await expect(dialog.getByText(ERROR_MESSAGES.DELETE_ACCOUNT_PASSWORD_INCORRECT)).toBeVisible();
  expect((await request.get(`/api/surveys/${survey.surveyId}/public`)).status()).toBe(200);

  await dialog.getByLabel(/^Password/).fill(me.password);
  await page.screenshot({ path: testInfo.outputPath('delete-account-dialog.png') });
  await confirm.click();

  // Signed out, on the login page, with a message.
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  await expect(page.getByText(ACCOUNT_MESSAGES.deleted)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await axeViolations(page)).toEqual([]);

  // The public link is gone, the old token is refused, and signing in fails.
  expect((await request.get(`/api/surveys/${survey.surveyId}/public`)).status()).toBe(404);
  const old = await request.get('/api/user/auth/verify-user-token', {
    headers: { authorization: `Bearer ${me.token}` },
  });
  expect(old.status()).toBe(401);
  await logIn(page, me.email, me.password);
  await expect(page.getByText(ERROR_MESSAGES.INVALID_CREDENTIALS)).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
});

test("the profile's data section works at 360 px and by keyboard", async ({ page, request }) => {
  await signInNewUser(page, request, { name: 'Kim Keyboard' });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(paths.user.profile.getHref());
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard: focus the button, open the dialog with Enter, close it with Escape; focus comes back.
  const open = section.getByRole('button', { name: 'Delete account' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Type DELETE to confirm')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
