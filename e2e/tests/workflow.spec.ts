import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ResponsesPage, Survey, SurveyInput } from '@quorum/contract';
import { loginViaApi, registerAndVerify, signInNewUser } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// The survey workflow end to end: a scheduled survey that opens by itself and closes at its response limit; a run
// from the welcome screen to a custom thank-you that redirects, with hidden fields taken from the link; and the
// editor that asks before unsaved changes are left behind.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function owner(request: APIRequestContext) {
  const account = await registerAndVerify(request);
  return (await loginViaApi(request, account)).token;
}

async function launch(request: APIRequestContext, token: string, body: SurveyInput): Promise<Survey> {
  const survey = await createSurveyViaApi(request, token, body);
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');
  return survey;
}

const ONE_QUESTION: SurveyInput['questions'] = [
  { id: 'day', text: 'Which day suits you?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
];

test('a scheduled survey opens by itself, then closes at its response limit, never one over', async ({
  page,
  request,
}) => {
  const token = await owner(request);
  const opensAt = new Date(Date.now() + 5_000).toISOString();
  const survey = await launch(request, token, {
    projectName: 'Harbour Fest',
    title: 'Volunteer shifts',
    questions: ONE_QUESTION,
    opensAt,
    responseLimit: 2,
  });

  // Before it opens: the page says when, and the server refuses answers.
  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(page.getByText(/^This survey opens on /)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  const early = await request.post(`/api/surveys/${survey.surveyId}/responses`, {
    data: { answers: [{ questionId: 'day', answer: 'Friday' }] },
  });
  expect(early.status()).toBe(403);
  expect((await early.json()).code).toBe('SURVEY_NOT_OPEN_YET');

  // It opens on time, without a reload; the first response comes from the page.
  await expect(page.getByRole('radio', { name: 'Saturday' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('radio', { name: 'Saturday' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  // Five more arrive at once: exactly one is taken, and the survey closes by itself.
  const statuses = await Promise.all(
    Array.from({ length: 5 }, () =>
      request
        .post(`/api/surveys/${survey.surveyId}/responses`, {
          data: { answers: [{ questionId: 'day', answer: 'Friday' }] },
        })
        .then((res) => res.status()),
    ),
  );
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 404)).toHaveLength(4);
  const stored = (await (
    await request.get(`/api/surveys/${survey.surveyId}`, { headers: bearer(token) })
  ).json()) as Survey;
  expect(stored.state).toBe('closed');
  expect(stored.responseCount).toBe(2);

  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(page.getByText('Survey not found or no longer available')).toBeVisible();
});

test('a respondent goes from the welcome screen to a custom thank-you that redirects, with hidden fields from the link', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await owner(request);
  const survey = await launch(request, token, {
    projectName: 'Harbour Fest',
    title: 'Newsletter poll',
    questions: ONE_QUESTION,
    hiddenFields: ['source', 'campaign'],
    welcome: { title: 'Two seconds of your time', text: 'One question about the festival.', buttonLabel: 'Begin' },
    thankYou: { title: 'Thanks, see you there!', redirectUrl: `${baseURL}${paths.status.getHref()}` },
  });

  await page.goto(`${paths.publicSurvey.survey.getHref(survey)}?source=newsletter&campaign=spring&other=ignored`);
  await expect(page.getByRole('heading', { name: 'Two seconds of your time' })).toBeVisible();
  await expect(page.getByText('One question about the festival.')).toBeVisible();
  await page.getByRole('button', { name: 'Begin' }).click();
  await page.getByRole('radio', { name: 'Friday' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();

  // The author's thank-you, the product's promotion, then the redirect after a visible pause.
  await expect(page.getByRole('heading', { name: 'Thanks, see you there!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue now' })).toBeVisible();
  await expect(page.getByText(/Powered by/).first()).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.status.getHref()), { timeout: 10_000 });

  // The hidden fields came with the response, declared names only, and the CSV has a column for each.
  const list = (await (
    await request.get(`/api/surveys/${survey.surveyId}/responses`, { headers: bearer(token) })
  ).json()) as ResponsesPage;
  expect(list.responses).toHaveLength(1);
  expect(list.responses[0]!.hiddenFields).toEqual({ source: 'newsletter', campaign: 'spring' });
  const link = await request.post(`/api/surveys/${survey.surveyId}/results/export-link`, { headers: bearer(token) });
  const csv = await (await request.get(((await link.json()) as { url: string }).url)).text();
  const [header, row] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header!.split(',').slice(-2)).toEqual(['source', 'campaign']);
  expect(row!.split(',').slice(-2)).toEqual(['newsletter', 'spring']);
});

test('the editor asks before leaving unsaved changes, keeps them in the browser, and lets go once saved', async ({
  page,
  request,
}) => {
  const user = await signInNewUser(page, request);
  const survey = await createSurveyViaApi(request, user.token, {
    projectName: 'Harbour Fest',
    title: 'Draft to edit',
    questions: ONE_QUESTION,
  });
  await page.goto(paths.user.editSurvey.getHref(survey));
  const title = page.getByRole('textbox', { name: 'Survey Title' });
  await expect(title).toHaveValue('Draft to edit');
  await title.fill('Draft, edited');

  // In-app navigation asks; Stay keeps the edit on the screen.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const dialog = page
    .getByRole('alertdialog', { name: 'Leave without saving?' })
    .or(page.getByRole('dialog', { name: 'Leave without saving?' }));
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(atPath(paths.user.editSurvey.getHref(survey)));
  await expect(title).toHaveValue('Draft, edited');

  // A reload (as after a crash) offers the kept edit back.
  await page.reload();
  await expect(page.getByText('Unsaved changes found')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(title).toHaveValue('Draft, edited');

  // Closing the tab with unsaved changes asks the browser to confirm.
  const prompts: string[] = [];
  page.on('dialog', async (d) => {
    prompts.push(d.type());
    await d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompts).toEqual(['beforeunload']);
});

test('once saved, leaving the editor asks nothing', async ({ page, request }) => {
  const user = await signInNewUser(page, request);
  const survey = await createSurveyViaApi(request, user.token, {
    projectName: 'Harbour Fest',
    title: 'Saved edit',
    questions: ONE_QUESTION,
  });
  await page.goto(paths.user.editSurvey.getHref(survey));
  await page.getByRole('textbox', { name: 'Survey Title' }).fill('Saved edit, renamed');
  await page.getByRole('button', { name: 'Update Survey' }).click();
  await expect(page.getByText('Survey updated successfully')).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.user.dashboard.getHref()));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
