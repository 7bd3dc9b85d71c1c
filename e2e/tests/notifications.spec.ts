import { expect, test } from '@playwright/test';
import type { Survey } from '@quorum/contract';
import { partsOf } from '@quorum/test-support/smtp';
import { signInNewUser } from '../support/accounts';
import { waitForMail } from '../support/mailbox';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';
import { expectNoAxeViolations } from '../support/axe';

test('an owner chooses email about each response, gets one, and unsubscribes from its link signed out', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const owner = await signInNewUser(page, request);
  const created = await createSurveyViaApi(request, owner.token, {
    projectName: 'Notify Project',
    title: 'Lunch poll',
    questions: [{ text: 'Which dish?', type: 'multiple_choice', options: ['Soup', 'Salad'] }],
  });

  // The setting in the editor, by keyboard: Off → For each response.
  await page.goto(paths.user.editSurvey.getHref({ surveyId: created.surveyId }));
  const group = page.getByRole('group', { name: 'Email me about new responses' });
  await expect(group.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expect(page.getByText(/always get an email when the survey closes by itself/)).toBeVisible();
  await group.getByRole('radio', { name: 'Off' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'For each response' })).toBeChecked();
  await page.getByRole('button', { name: 'Update Survey' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()), { timeout: 10_000 });

  const saved = await request.get(`/api/surveys/${created.surveyId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(((await saved.json()) as Survey).notifications).toEqual({ onResponse: 'each' });
  const survey = (await setSurveyStateViaApi(request, owner.token, created.surveyId, 'active')).survey;

  const before = Date.now();
  await submitResponseViaApi(request, survey.surveyId, [{ questionId: survey.questions[0]!.id, answer: 'Soup' }]);
  const mail = await waitForMail(owner.email, { after: before });
  const { text } = partsOf(mail.raw);
  expect(text).toContain('Which dish?');
  expect(text).toContain('Soup');
  const link = new RegExp(`${baseURL}/notifications/unsubscribe\\?token=[A-Za-z0-9_.%-]+`).exec(text)![0];

  // Signed out, on a phone.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  await phone.goto(link);
  const button = phone.getByRole('button', { name: 'Unsubscribe' });
  await expect(button).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(phone, 'unsubscribe');
  // Opening the page changed nothing.
  const still = await request.get(`/api/surveys/${survey.surveyId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(((await still.json()) as Survey).notifications).toEqual({ onResponse: 'each' });

  await button.focus();
  await phone.keyboard.press('Enter');
  await expect(phone.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeFocused();
  await expect(phone.getByText(/new responses to “Lunch poll”/)).toBeVisible();
  await expectNoAxeViolations(phone, 'unsubscribed');
  const after = await request.get(`/api/surveys/${survey.surveyId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(((await after.json()) as Survey).notifications).toEqual({ onResponse: 'off' });
  await context.close();
});
