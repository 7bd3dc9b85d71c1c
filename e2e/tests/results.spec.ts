import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Survey, SurveyInput } from '@quorum/contract';
import { E2E_ADMIN } from '../support/env';
import { loginViaApi, registerAndVerify, signInNewUser, storeSession } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';

async function createLiveSurvey(request: APIRequestContext, token: string, title: string): Promise<Survey> {
  const body: SurveyInput = {
    projectName: 'Results E2E',
    title,
    questions: [
      { text: 'Which day did you come?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
      { text: 'What did you enjoy?', type: 'checkbox', options: ['Food', 'Music'] },
      { text: 'Anything else?', type: 'text', options: [] },
      { text: 'Overall?', type: 'rating', options: [], ratingScale: { min: 1, max: 5, labels: {} } },
    ],
  };
  const survey = await createSurveyViaApi(request, token, body);
  return (await setSurveyStateViaApi(request, token, survey.surveyId, 'active')).survey;
}

/** Sends a response straight to the API, answering each question with the value given for its type. */
async function submitByType(
  request: APIRequestContext,
  survey: Survey,
  answers: { multiple_choice: string; checkbox: string[]; text: string; rating: number },
) {
  const answerOf = (type: Survey['questions'][number]['type']) => {
    if (!Object.hasOwn(answers, type)) throw new Error(`no answer given for ${type} questions`);
    return answers[type as keyof typeof answers];
  };
  await submitResponseViaApi(
    request,
    survey.surveyId,
    survey.questions.map((q) => ({ questionId: q.id, answer: answerOf(q.type) })),
  );
}

/** Answers on the public page, one question at a time, as a respondent would. */
async function answerOnPublicPage(page: Page, survey: Survey, text: string) {
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await page.getByRole('radio', { name: 'Saturday' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Food' }).check();
  await page.getByRole('checkbox', { name: 'Music' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox').fill(text);
  await page.getByRole('button', { name: 'Next' }).click();
  // The five-point scale shows its radios as tiles: a respondent clicks the tile.
  await page.locator('label').filter({ hasText: /^4$/ }).click();
  await expect(page.getByRole('radio', { name: '4' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
}

test('an owner watches responses arrive live, switches views and downloads the CSV', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signInNewUser(page, request);
  const survey = await createLiveSurvey(request, owner.token, 'Café night, "2026"');

  await page.goto(paths.user.surveyResults.getHref(survey));
  await expect(page.getByRole('heading', { level: 1, name: 'Café night, "2026"' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await expect(page.getByTestId('total-responses')).toHaveText('0');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // A respondent answers on the public page in another browser: the open results page updates by itself.
  const respondent = await browser.newContext();
  try {
    await answerOnPublicPage(await respondent.newPage(), survey, 'Great, "really" good');
  } finally {
    await respondent.close();
  }
  await expect(page.getByTestId('total-responses')).toHaveText('1');
  await expect(page.getByRole('tab', { name: 'Statistics View' })).toHaveAttribute('aria-selected', 'true');
  const day = page.getByRole('region', { name: /Q1.*Which day did you come\?/ });
  await expect(day.getByRole('row', { name: /Saturday/ })).toContainText('100%');
  await expect(day.getByRole('row', { name: /Friday/ })).toContainText('0%');
  await expect(day.getByTestId('pie-chart').locator('svg').first()).toBeVisible();

  // A second response, sent straight to the API, with a formula-looking text answer.
  await submitByType(request, survey, { multiple_choice: 'Friday', checkbox: ['Music'], text: '=1+1', rating: 2 });
  await expect(page.getByTestId('total-responses')).toHaveText('2');
  await expect(day.getByRole('row', { name: /Saturday/ })).toContainText('50%');
  const overall = page.getByRole('region', { name: /Q4.*Overall\?/ });
  await expect(overall).toContainText('3.0');
  const enjoyed = page.getByRole('region', { name: /Q2.*What did you enjoy\?/ });
  await expect(enjoyed.getByRole('row', { name: /Music/ })).toContainText('100%');
  const notes = page.getByRole('region', { name: /Q3.*Anything else\?/ });
  await expect(notes.getByRole('listitem').first()).toContainText('=1+1');
  await expect(notes.getByRole('listitem').nth(1)).toContainText('Great, "really" good');

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('results-statistics.png'), fullPage: true });

  // Table View: one row per response, one column per question.
  await page.getByRole('tab', { name: 'Table View' }).click();
  const table = page.getByRole('table', { name: 'Responses, newest first' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Response ID',
    'Submitted At',
    'Q1: Which day did you come?',
    'Q2: What did you enjoy?',
    'Q3: Anything else?',
    'Q4: Overall?',
    'Flags',
    'Duration',
  ]);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(2)).toContainText('Food; Music');
  await expect(page.getByText('Showing 2 of 2 responses')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('results-table.png'), fullPage: true });

  // Download: a signed link the browser follows; the file is the streamed CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Café night, 2026.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFFResponse ID,Submitted At,Q1: Which day did you come?,Q2: What did you enjoy?,Q3: Anything else?,Q4: Overall?',
  );
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(/^[0-9a-f-]{36},\d{4}-\d\d-\d\dT[\d:.]+Z,Saturday,Food; Music,"Great, ""really"" good",4$/);
  expect(lines[2]).toMatch(/,Friday,Music,'=1\+1,2$/);
  expect(lines[3]).toBe('');

  // The return button goes back to the user's dashboard.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
});

test('an administrator opens any survey’s results and returns to the admin dashboard', async ({ page, request }) => {
  const owner = await loginViaApi(request, await registerAndVerify(request));
  const survey = await createLiveSurvey(request, owner.token, 'Admin view check');
  const admin = await loginViaApi(request, E2E_ADMIN, 'admin');
  await storeSession(page, admin.token, admin.user);

  await page.goto(paths.admin.surveyResults.getHref(survey));
  await expect(page.getByRole('heading', { level: 1, name: 'Admin view check' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('results-empty-mobile.png'), fullPage: true });
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(atPath(paths.admin.dashboard.getHref()));
});

test('an unknown survey shows the server’s message', async ({ page, request }) => {
  await signInNewUser(page, request);
  await page.goto(paths.user.surveyResults.getHref({ surveyId: '01900000-0000-7000-8000-000000000000' }));
  await expect(page.getByRole('alert')).toContainText('Survey not found');
});

test('without live updates the results page falls back to polling', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await signInNewUser(page, request);
  const survey = await createLiveSurvey(request, owner.token, 'Polling fallback');
  // The live stream cannot connect (a proxy that drops it, say).
  await page.route('**/results/stream', (route) => route.abort());
  await page.goto(paths.user.surveyResults.getHref(survey));
  await expect(page.getByRole('status').filter({ hasText: 'Updating every 15 s' })).toBeVisible();
  await expect(page.getByTestId('total-responses')).toHaveText('0');
  await submitByType(request, survey, { multiple_choice: 'Friday', checkbox: ['Food'], text: 'Polled', rating: 5 });
  await expect(page.getByTestId('total-responses')).toHaveText('1', { timeout: 25_000 });
});
