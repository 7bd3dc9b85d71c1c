import { expect, test } from '@playwright/test';
import type { ResponsesPage, SurveyListResponse } from '@quorum/contract';
import { signInNewUser } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';
import { expectNoAxeViolations } from '../support/axe';

test('a key made on the profile lists surveys and reads responses over plain HTTP, until it is revoked', async ({
  page,
  request,
}) => {
  const account = await signInNewUser(page, request, { name: 'Kim Keys' });
  const survey = await createSurveyViaApi(request, account.token, {
    projectName: 'Keys project',
    title: 'Read by a key',
    questions: [{ text: 'How was it?', type: 'rating', ratingScale: { min: 1, max: 5 } }],
  });
  await setSurveyStateViaApi(request, account.token, survey.surveyId, 'active');
  await submitResponseViaApi(request, survey.surveyId, [{ questionId: survey.questions[0]!.id, answer: 4 }]);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${paths.user.profile.getHref()}?tab=api-keys`);
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expectNoAxeViolations(page, 'the API keys tab, empty');

  // Made by keyboard: the name, the default read scopes and the account's password.
  await page.getByLabel(/^Name/).fill('Spreadsheet export');
  await page.getByLabel(/^Your password/).fill(account.password);
  await page.getByLabel(/^Your password/).press('Enter');
  const field = page.getByRole('textbox', { name: 'Your new API key' });
  await expect(field).toBeVisible();
  const key = await field.inputValue();
  expect(key).toMatch(/^qrm_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(/you won't see it again/)).toBeVisible();
  await expectNoAxeViolations(page, 'the new key');
  await page.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(field).toBeHidden();

  // As the README's curl does.
  const auth = { authorization: `Bearer ${key}` };
  const list = await request.get('/api/surveys', { headers: auth });
  expect(list.status()).toBe(200);
  expect(((await list.json()) as SurveyListResponse).surveys.map((s) => s.title)).toEqual(['Read by a key']);
  const responses = await request.get(`/api/surveys/${survey.surveyId}/responses`, { headers: auth });
  expect(responses.status()).toBe(200);
  expect(((await responses.json()) as ResponsesPage).responses).toHaveLength(1);
  // Outside its scopes.
  const write = await request.delete(`/api/surveys/${survey.surveyId}/responses/does-not-matter`, { headers: auth });
  expect(write.status()).toBe(403);
  expect((await write.json()).code).toBe('API_KEY_SCOPE_MISSING');

  // The list shows when it was last used; revoking stops it at once.
  await page.reload();
  const keys = page.getByRole('region', { name: 'Your API keys' });
  await expect(keys.getByText('Spreadsheet export')).toBeVisible();
  await expect(keys.getByText(/Last used/)).toBeVisible();
  await keys.getByRole('button', { name: 'Revoke Spreadsheet export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke "Spreadsheet export"?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the revoke confirmation');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key "Spreadsheet export" revoked. It no longer works.')).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  expect((await request.get('/api/surveys', { headers: auth })).status()).toBe(401);
});
