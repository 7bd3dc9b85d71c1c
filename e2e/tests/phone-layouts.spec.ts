import { expect, test } from '@playwright/test';
import type { SurveyInput } from '@quorum/contract';
import { signInNewUser } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';

const PHONE = { width: 360, height: 740 };

const FESTIVAL: SurveyInput = {
  projectName: 'Phone E2E',
  title: 'Jazz festival feedback',
  questions: [
    { text: 'Which day did you come?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
    { text: 'What did you enjoy?', type: 'checkbox', options: ['Food', 'Music'] },
    { text: 'Anything else?', type: 'text', options: [] },
  ],
};

test.use({ viewport: PHONE });

test('on a phone the dashboard shows the first survey above the fold, the AI box opening on demand', async ({
  page,
  request,
}) => {
  const owner = await signInNewUser(page, request);
  const survey = await createSurveyViaApi(request, owner.token, FESTIVAL);
  await setSurveyStateViaApi(request, owner.token, survey.surveyId, 'active');
  await page.goto(paths.user.dashboard.getHref());

  const card = page.getByRole('button', { name: /Jazz festival feedback/ });
  await expect(card).toBeInViewport();
  const box = page.getByRole('region', { name: 'Generate with AI' });
  await expect(box.getByRole('textbox', { name: 'Survey idea' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the dashboard at 360 px');
  await page.screenshot({ path: test.info().outputPath('dashboard-360.png') });

  const toggle = box.getByRole('button', { name: 'Generate with AI' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(box.getByRole('textbox', { name: 'Survey idea' })).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard at 360 px with the AI box open');

  // On a wide screen the box is open as ever, with nothing to toggle.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(box.getByRole('button', { name: 'Generate with AI' })).toHaveCount(0);
  await expect(box.getByRole('textbox', { name: 'Survey idea' })).toBeVisible();
});

test('on a phone the Table View shows every answer of each response, and its id opens it', async ({
  page,
  request,
}) => {
  const owner = await signInNewUser(page, request);
  const draft = await createSurveyViaApi(request, owner.token, FESTIVAL);
  const survey = (await setSurveyStateViaApi(request, owner.token, draft.surveyId, 'active')).survey;
  const [day, enjoyed, notes] = survey.questions;
  await submitResponseViaApi(request, survey.surveyId, [
    { questionId: day!.id, answer: 'Saturday' },
    { questionId: enjoyed!.id, answer: ['Food', 'Music'] },
    { questionId: notes!.id, answer: 'The sound near the stage was great' },
  ]);

  await page.goto(`${paths.user.surveyResults.getHref(survey)}?view=table`);
  const list = page.getByRole('list', { name: 'Responses, newest first' });
  const response = list.getByRole('listitem').first();
  await response.scrollIntoViewIfNeeded();
  for (const text of [
    'Q1: Which day did you come?',
    'Saturday',
    'Q2: What did you enjoy?',
    'Food; Music',
    'Q3: Anything else?',
    'The sound near the stage was great',
    'Duration',
  ]) {
    await expect(response.getByText(text, { exact: true })).toBeInViewport();
  }
  // Nothing is cut off to the side: the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, 'the Table View at 360 px');
  await page.screenshot({ path: test.info().outputPath('results-table-360.png'), fullPage: true });

  await response.getByRole('button', { name: /^View response / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('The sound near the stage was great');
});
