import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ResultsResponse, Survey, SurveyInput } from '@quorum/contract';
import { signInNewUser } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// The results workflow end to end: filtering the results (kept in the address), deleting a response, a shared
// read-only report opened in a signed-out browser, and the funnel after partial runs on the public page.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const QUESTIONS: SurveyInput['questions'] = [
  { id: 'day', text: 'Which day did you come?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
  { id: 'sound', text: 'How was the sound?', type: 'rating', ratingScale: { min: 1, max: 5, labels: {} } },
  { id: 'improve', text: 'What should we improve?', type: 'text' },
];

async function launch(request: APIRequestContext, token: string, title: string): Promise<Survey> {
  const survey = await createSurveyViaApi(request, token, {
    projectName: 'Harbour Fest',
    title,
    questions: QUESTIONS,
    hiddenFields: ['source'],
  });
  return (await setSurveyStateViaApi(request, token, survey.surveyId, 'active')).survey;
}

/** One response straight to the API; answers its id. */
async function respond(
  request: APIRequestContext,
  survey: Survey,
  day: string,
  sound: number,
  improve: string,
  source: string,
): Promise<string> {
  const res = await request.post(`/api/surveys/${survey.surveyId}/responses`, {
    data: {
      answers: [
        { questionId: 'day', answer: day },
        { questionId: 'sound', answer: sound },
        { questionId: 'improve', answer: improve },
      ],
      hiddenFields: { source },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { responseId: string }).responseId;
}

async function results(request: APIRequestContext, token: string, survey: Survey): Promise<ResultsResponse> {
  const res = await request.get(`/api/surveys/${survey.surveyId}/results`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as ResultsResponse;
}

test('an owner filters the results, keeps the filter in the address, and deletes a response', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await signInNewUser(page, request);
  const survey = await launch(request, owner.token, 'Festival feedback');
  await respond(request, survey, 'Friday', 4, 'More food stalls', 'newsletter');
  await respond(request, survey, 'Friday', 5, 'Shade near the stage', 'poster');
  const saturday = await respond(request, survey, 'Saturday', 2, 'Shorter queues', 'newsletter');

  await page.goto(paths.user.surveyResults.getHref(survey));
  await expect(page.getByTestId('total-responses')).toHaveText('3');
  const day = page.getByRole('region', { name: /Q1.*Which day did you come\?/ });
  await expect(day.getByRole('row', { name: /Friday/ })).toContainText('66.7%');

  // "Answered Friday to Q1": the statistics describe the two matching responses.
  await page.getByLabel('Answered', { exact: true }).selectOption({ label: 'Q1: Which day did you come?' });
  await page.getByLabel('Condition', { exact: true }).selectOption({ label: 'is' });
  await page.getByLabel('Value', { exact: true }).selectOption('Friday');
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect(page.getByText('2 of 3 responses match')).toBeVisible();
  await expect(day.getByRole('row', { name: /Friday/ })).toContainText('100%');
  await expect(page).toHaveURL(/[?&]filters=/);

  // The address carries the filter: a reload (or a shared link) shows the same view.
  await page.reload();
  await expect(page.getByText('2 of 3 responses match')).toBeVisible();
  await expect(day.getByRole('row', { name: /Friday/ })).toContainText('100%');

  // The API agrees, with a hidden-field condition on top: one response came from the poster.
  const filtered = await request.get(
    `/api/surveys/${survey.surveyId}/results?filters=${encodeURIComponent(
      JSON.stringify([
        { questionId: 'day', operator: 'equals', value: 'Friday' },
        { hiddenField: 'source', value: 'poster' },
      ]),
    )}`,
    { headers: bearer(owner.token) },
  );
  expect(((await filtered.json()) as ResultsResponse).matchingResponses).toBe(1);

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('results-filtered.png'), fullPage: true });

  // Clearing the filter brings every response back; the Saturday one opens in full and is deleted.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('2 of 3 responses match')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Table View' }).click();
  await page.getByRole('button', { name: `View response ${saturday}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Shorter queues');
  await expect(dialog).toContainText('newsletter');
  await dialog.getByRole('button', { name: 'Delete response' }).click();
  await expect(dialog.getByText('Delete this response? This cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete response' }).click();
  await expect(page.getByText('Response deleted')).toBeVisible();
  await expect(page.getByTestId('total-responses')).toHaveText('2');

  // Counters and totals reflect it at once; the audit trail is in the server tests.
  const after = await results(request, owner.token, survey);
  expect(after.totalResponses).toBe(2);
  expect(after.questions[0]!.statistics.find((s) => s.answer === 'Saturday')!.count).toBe(0);
  const gone = await request.get(`/api/surveys/${survey.surveyId}/responses/${saturday}`, {
    headers: bearer(owner.token),
  });
  expect(gone.status()).toBe(404);
});

test('a shared report opens read-only in a signed-out browser, and stops when the owner revokes it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signInNewUser(page, request);
  const survey = await launch(request, owner.token, 'Volunteer survey');
  await respond(request, survey, 'Friday', 5, 'Call me on 0612345678', 'newsletter');
  await respond(request, survey, 'Saturday', 3, 'Earlier shifts', 'poster');

  await page.goto(paths.user.surveyResults.getHref(survey));
  await page.getByRole('button', { name: 'Share results' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: /Include text answers/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Report link').inputValue();
  expect(link).toMatch(/\/shared\/results\/[A-Za-z0-9_-]+$/);

  const visitor = await browser.newContext();
  try {
    const report = await visitor.newPage();
    await report.goto(link);
    await expect(report.getByRole('heading', { level: 1, name: 'Volunteer survey' })).toBeVisible();
    await expect(report.getByText('Read-only report')).toBeVisible();
    await expect(report.getByTestId('total-responses')).toHaveText('2');
    const day = report.getByRole('region', { name: /Q1.*Which day did you come\?/ });
    await expect(day.getByRole('row', { name: /Saturday/ })).toContainText('50%');
    // No individual responses, and no text answers unless the owner includes them.
    await expect(report.getByText('Text answers are not included in this report')).toBeVisible();
    await expect(report.getByText('0612345678')).toHaveCount(0);
    await expect(report.getByRole('tab', { name: 'Table View' })).toHaveCount(0);
    const axe = await new AxeBuilder({ page: report }).include('main').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    await report.setViewportSize({ width: 360, height: 800 });
    await report.screenshot({ path: test.info().outputPath('shared-report-360.png'), fullPage: true });

    // The owner stops sharing: the link is gone at once.
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByRole('button', { name: 'Stop sharing' }).last().click();
    await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
    await report.reload();
    await expect(report.getByRole('heading', { name: 'This report is not available' })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

/** Opens the public page in a fresh browser and waits until its view is counted. */
async function openSurvey(page: Page, survey: Survey) {
  const visit = page.waitForResponse((res) => res.url().endsWith(`/api/surveys/${survey.surveyId}/visits`));
  const firstQuestion = page.waitForResponse((res) => res.url().endsWith('/progress'));
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  expect((await visit).status()).toBe(201);
  expect((await firstQuestion).status()).toBe(204);
}

/** Goes on to the next question and waits until reaching it is counted. */
async function next(page: Page) {
  const progress = page.waitForResponse((res) => res.url().endsWith('/progress'));
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await progress).status()).toBe(204);
}

test('the funnel counts views, starts, completions and drop-off after partial runs', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signInNewUser(page, request);
  const survey = await launch(request, owner.token, 'Funnel check');

  const runs = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  try {
    const [onlyLooks, leavesAtTwo, finishes] = await Promise.all(runs.map((context) => context.newPage()));
    // One opens the page and leaves.
    await openSurvey(onlyLooks!, survey);
    // One answers the first question, reaches the second and leaves.
    await openSurvey(leavesAtTwo!, survey);
    await leavesAtTwo!.getByRole('radio', { name: 'Friday' }).check();
    await next(leavesAtTwo!);
    // One answers everything, with a reload on the second question: the page continues its visit, no new view.
    await openSurvey(finishes!, survey);
    await finishes!.getByRole('radio', { name: 'Saturday' }).check();
    await next(finishes!);
    const views: string[] = [];
    finishes!.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/visits')) views.push(req.url());
    });
    const resumedAt = finishes!.waitForResponse((res) => res.url().endsWith('/progress'));
    await finishes!.reload();
    expect((await resumedAt).status()).toBe(204);
    expect(views).toEqual([]);
    await finishes!.locator('label').filter({ hasText: /^4$/ }).click();
    await next(finishes!);
    await finishes!.getByRole('textbox').fill('Nothing');
    await finishes!.getByRole('button', { name: 'Submit' }).click();
    await expect(finishes!.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  } finally {
    await Promise.all(runs.map((context) => context.close()));
  }

  const { funnel, totalResponses } = await results(request, owner.token, survey);
  expect(totalResponses).toBe(1);
  expect(funnel).toMatchObject({ views: 3, starts: 2, completions: 1, completionRate: 33.3 });
  expect(funnel.medianCompletionSeconds).not.toBeNull();
  expect(funnel.dropOff).toEqual([
    { questionId: 'day', reached: 3, answered: 2 },
    { questionId: 'sound', reached: 2, answered: 1 },
    { questionId: 'improve', reached: 1, answered: 1 },
  ]);

  // The owner sees it drawn, with its figures as text.
  await page.goto(paths.user.surveyResults.getHref(survey));
  const chart = page.getByTestId('funnel-chart');
  await expect(chart).toContainText('Completion rate 33.3%');
  const stages = chart.getByRole('list', { name: 'Funnel stages' }).getByRole('listitem');
  await expect(stages).toHaveText([/Views.*3/, /Starts.*2/, /Completions.*1/]);
  await page.screenshot({ path: test.info().outputPath('results-funnel.png'), fullPage: true });
});
