import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '@quorum/contract';
import { logIn, registerAndVerify, signInAdmin, signInNewUser } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi } from '../support/surveys';

const sessionWorks = async (request: APIRequestContext, token: string, role: 'user' | 'admin' = 'user') => {
  const path = role === 'admin' ? '/api/admin/auth/verify-admin-token' : '/api/user/auth/verify-user-token';
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  return res.status() === 200;
};

/**
 * Every dialog the page opens (the browser's "Leave site?" among them), each dismissed as a user who stays would: the
 * way to the login page after a session ended must not ask.
 */
function noticeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.type());
    void dialog.dismiss();
  });
  return seen;
}

test('Logout revokes the token on the server, for users and administrators', async ({ browser, request, baseURL }) => {
  const userContext = await browser.newContext({ baseURL });
  const page = await userContext.newPage();
  const user = await signInNewUser(page, request);
  await page.goto(paths.user.dashboard.getHref());
  await expect(page.getByRole('heading', { name: 'My Surveys' })).toBeVisible();
  expect(await sessionWorks(request, user.token)).toBe(true);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPath(paths.auth.login.getHref()));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await sessionWorks(request, user.token)).toBe(false);

  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  const admin = await signInAdmin(adminPage, request);
  await adminPage.goto(paths.admin.dashboard.getHref());
  await adminPage.getByRole('button', { name: 'Logout' }).click();
  await expect(adminPage).toHaveURL(atPath(paths.auth.adminLogin.getHref()));
  expect(await sessionWorks(request, admin.token, 'admin')).toBe(false);

  await userContext.close();
  await adminContext.close();
});

test('a session revoked while the editor has unsaved changes keeps them, and signing in again returns to them', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const dialogs = noticeDialogs(page);
  const user = await signInNewUser(page, request);
  await page.goto(paths.user.createSurvey.getHref());
  await page.getByRole('textbox', { name: 'Project Name' }).fill('Kept Project');
  await page.getByRole('textbox', { name: 'Survey Title' }).fill('Typed before the session ended');
  await page.getByRole('textbox', { name: 'Question Text' }).fill('Still here?');
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Yes');

  // The token is revoked behind the editor's back (signing out through the API, as another device would).
  const revoked = await request.post('/api/user/auth/logout', { headers: { authorization: `Bearer ${user.token}` } });
  expect(revoked.status()).toBe(204);

  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page).toHaveURL(/\/login\?notice=session-ended&next=%2Fsurveys%2Fcreate$/);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.sessionEnded })).toBeVisible();
  expect(dialogs).toEqual([]);

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(atPath(paths.user.createSurvey.getHref()));
  await expect(page.getByText('Your session ended before you saved. We kept your changes')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Project Name' })).toHaveValue('Kept Project');
  await expect(page.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Typed before the session ended');
  await expect(page.getByRole('textbox', { name: 'Question Text' })).toHaveValue('Still here?');
  await expect(page.getByRole('textbox', { name: 'Option 1' })).toHaveValue('Yes');

  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()), { timeout: 10_000 });
  await expect(page.getByText('Typed before the session ended')).toBeVisible();

  // Shown once: the editor opens empty next time.
  await page.goto(paths.user.createSurvey.getHref());
  await expect(page.getByRole('textbox', { name: 'Project Name' })).toHaveValue('');
  await context.close();
});

test('"Sign out of all devices" in one tab ends the other tab’s session, whose edits are kept', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const editor = await context.newPage();
  const dialogs = noticeDialogs(editor);
  const user = await signInNewUser(editor, request);
  const survey = await createSurveyViaApi(request, user.token, {
    projectName: 'Tabs Project',
    title: 'Stored title',
    questions: [{ text: 'Ready?', type: 'multiple_choice', options: ['Yes', 'No'] }],
  });
  const editHref = paths.user.editSurvey.getHref({ surveyId: survey.surveyId });
  await editor.goto(editHref);
  await expect(editor.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Stored title');
  await editor.getByRole('textbox', { name: 'Survey Title' }).fill('Edited in the first tab');

  // Another tab of the same browser: the profile's "Sign out of all devices".
  const profile = await context.newPage();
  await profile.goto(paths.user.profile.getHref());
  await profile.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(profile).toHaveURL(/\/login\?notice=signed-out-everywhere$/);
  await expect(profile.getByRole('status').filter({ hasText: MESSAGES.signedOutEverywhere })).toBeVisible();
  expect(await sessionWorks(request, user.token)).toBe(false);

  // The first tab finds out when it saves: to the login page, then back to the edit with the change kept.
  await editor.getByRole('button', { name: 'Update Survey' }).click();
  await expect(editor).toHaveURL(
    new RegExp(
      `/login\\?notice=session-ended&next=${encodeURIComponent(editHref).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
    ),
  );
  expect(dialogs).toEqual([]);
  await logIn(editor, user.email, user.password);
  await expect(editor).toHaveURL(atPath(editHref));
  await expect(editor.getByRole('textbox', { name: 'Survey Title' })).toHaveValue('Edited in the first tab');
  await editor.getByRole('button', { name: 'Update Survey' }).click();
  await expect(editor).toHaveURL(atPath(paths.user.dashboard.getHref()), { timeout: 10_000 });
  await expect(editor.getByText('Edited in the first tab')).toBeVisible();
  await context.close();
});

test('a return path that leaves the site is ignored after logging in', async ({ browser, request, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await registerAndVerify(request);
  await page.goto(`${paths.auth.login.getHref()}?notice=session-ended&next=${encodeURIComponent('//evil.example/x')}`);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  await context.close();
});
