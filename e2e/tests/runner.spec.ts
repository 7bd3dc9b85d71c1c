import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Survey, SurveyInput, SurveyState } from '@quorum/contract';
import { loginViaApi, registerAndVerify } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// Public survey taking (issue 6): one question at a time, keyboard alone, kept across a reload,
// submitted to the thank-you page; unavailable surveys; wrong links; failed submits.

interface Owner {
  token: string;
}

async function newOwner(request: APIRequestContext): Promise<Owner> {
  const account = await registerAndVerify(request);
  const { token } = await loginViaApi(request, account);
  return { token };
}

const QUESTIONS: SurveyInput['questions'] = [
  { text: 'Which day did you attend?', type: 'multiple_choice', options: ['Friday', 'Saturday', 'Sunday'] },
  { text: 'What did you enjoy?', type: 'checkbox', options: ['Food', 'Sound', 'Tickets'] },
  { text: 'Anything else?', type: 'text', options: [] },
  {
    text: 'How was it overall?',
    type: 'rating',
    ratingScale: { min: 1, max: 5, labels: { 1: 'Very Poor', 2: 'Poor', 3: 'Average', 4: 'Good', 5: 'Excellent' } },
  },
  {
    text: 'How likely are you to recommend us?',
    type: 'rating',
    ratingScale: { min: 1, max: 10, labels: { 1: 'Extremely Poor', 5: 'Average', 10: 'Excellent' } },
  },
];

async function createSurvey(
  request: APIRequestContext,
  owner: Owner,
  overrides: Partial<SurveyInput> = {},
): Promise<Survey> {
  const body: SurveyInput = {
    projectName: 'Summer Fest',
    title: 'Festival feedback',
    questions: QUESTIONS,
    ...overrides,
  };
  return createSurveyViaApi(request, owner.token, body);
}

const setState = (request: APIRequestContext, owner: Owner, surveyId: string, state: SurveyState) =>
  setSurveyStateViaApi(request, owner.token, surveyId, state);

async function activeSurvey(request: APIRequestContext, overrides: Partial<SurveyInput> = {}) {
  const owner = await newOwner(request);
  const survey = await createSurvey(request, owner, overrides);
  await setState(request, owner, survey.surveyId, 'active');
  return { owner, survey, path: paths.publicSurvey.survey.getHref(survey) };
}

async function scan(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Presses Tab (keyboard only) until the target has focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 12; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Answered questions' });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const previous = (page: Page) => page.getByRole('button', { name: 'Previous' });

test.describe('taking a survey on a phone with the keyboard alone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('answers all four types, survives a reload, submits and thanks', async ({ page, request, baseURL }) => {
    const { owner, survey, path } = await activeSurvey(request, { brandingImageUrl: `${baseURL}/favicon.svg` });
    await page.goto(path);

    await expect(page.getByRole('banner')).toContainText('Powered by');
    await expect(page.getByRole('banner')).toContainText('Quorum');
    await expect(page.getByRole('heading', { level: 1, name: 'Festival feedback' })).toBeVisible();
    await expect(page.locator('main img')).toBeVisible();
    await expect(page.getByRole('link', { name: /create your own surveys/i })).toHaveAttribute(
      'href',
      paths.auth.register.getHref(),
    );
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(previous(page)).toBeDisabled();
    await expect(next(page)).toBeDisabled();
    await expectNoSidewaysScroll(page);
    await scan(page, 'question 1 (single choice)');

    // 1. Single choice: radio buttons in a labelled group.
    const day = page.getByRole('group', { name: /Which day did you attend\?/ });
    await tabTo(page, day.getByRole('radio', { name: 'Friday' }));
    await page.keyboard.press('ArrowDown');
    await expect(day.getByRole('radio', { name: 'Saturday' })).toBeChecked();
    await expect(next(page)).toBeEnabled();
    await page.keyboard.press('Enter');

    // 2. Checkboxes. Focus has moved to the new question's heading.
    await expect(page.getByRole('heading', { name: 'What did you enjoy?' })).toBeFocused();
    await expect(page.getByText('Question 2 of 5')).toBeVisible();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
    await expect(previous(page)).toBeEnabled();
    await expect(next(page)).toBeDisabled();
    await scan(page, 'question 2 (checkboxes)');
    const enjoy = page.getByRole('group', { name: /What did you enjoy\?/ });
    await tabTo(page, enjoy.getByRole('checkbox', { name: 'Food' }));
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(enjoy.getByRole('checkbox', { name: 'Food' })).toBeChecked();
    await expect(enjoy.getByRole('checkbox', { name: 'Sound' })).not.toBeChecked();
    await expect(enjoy.getByRole('checkbox', { name: 'Tickets' })).toBeChecked();
    await page.keyboard.press('Enter');

    // 3. Text: a 4-row text area; Shift+Enter is a new line, Enter moves on.
    await expect(page.getByRole('heading', { name: 'Anything else?' })).toBeFocused();
    const text = page.getByRole('textbox', { name: 'Anything else?' });
    await expect(text).toHaveAttribute('rows', '4');
    await scan(page, 'question 3 (text)');
    await tabTo(page, text);
    await page.keyboard.type('Great sound');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('and food');
    await expect(text).toHaveValue('Great sound\nand food');
    await expect(page.getByText('Question 3 of 5')).toBeVisible();

    // A phone drops the tab: the answers and the step come back.
    await page.reload();
    await expect(page.getByText('Question 3 of 5')).toBeVisible();
    await expect(text).toHaveValue('Great sound\nand food');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '3');
    await tabTo(page, text);
    await page.keyboard.press('Enter');

    // 4. Five-point rating: radio options with their labels.
    await expect(page.getByRole('heading', { name: 'How was it overall?' })).toBeFocused();
    const overall = page.getByRole('group', { name: /How was it overall\?/ });
    await expect(overall.getByRole('radio')).toHaveCount(5);
    await expect(overall.getByRole('radio', { name: '1 Very Poor' })).toBeVisible();
    await expect(overall.getByRole('radio', { name: '5 Excellent' })).toBeVisible();
    await scan(page, 'question 4 (five-point rating)');
    await tabTo(page, overall.getByRole('radio', { name: '1 Very Poor' }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(overall.getByRole('radio', { name: '4 Good' })).toBeChecked();
    await page.keyboard.press('Enter');

    // 5. Ten-point rating: a slider labelled at 1, 5 and 10; Submit on the last question.
    await expect(page.getByRole('heading', { name: 'How likely are you to recommend us?' })).toBeFocused();
    const slider = page.getByRole('slider', { name: 'How likely are you to recommend us?' });
    for (const label of ['1 - Very Poor', '5 - Average', '10 - Excellent']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await scan(page, 'question 5 (ten-point slider)');
    await tabTo(page, slider);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('8');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '5');
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Enter');

    // The thank-you page.
    await expect(page).toHaveURL(paths.publicSurvey.thankYou.getHref(survey));
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(
      page.getByText('Your response has been successfully recorded. We appreciate your time and feedback.'),
    ).toBeVisible();
    for (const feature of ['AI-powered survey generation', 'Real-time analytics', 'Multiple question types']) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      paths.auth.register.getHref(),
    );
    await expectNoSidewaysScroll(page);
    await scan(page, 'thank-you page');

    // Stored once, with the answers given; the progress kept in the browser is gone.
    const stored = await request.get(`/api/surveys/${survey.surveyId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await stored.json()) as Survey).responseCount).toBe(1);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('survey-progress')))).toEqual(
      [],
    );

    // 'Get Started Free' leads to registration.
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(atPath(paths.auth.register.getHref()));
  });
});

test('Previous goes back with the answer kept, and 200% zoom still fits', async ({ page, request }) => {
  // 200% zoom of a 1280 px wide window lays the page out 640 px wide.
  await page.setViewportSize({ width: 640, height: 400 });
  const { path } = await activeSurvey(request);
  await page.goto(path);
  await page.getByRole('radio', { name: 'Sunday' }).check();
  await next(page).click();
  await expect(page.getByRole('heading', { name: 'What did you enjoy?' })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await previous(page).click();
  await expect(page.getByRole('heading', { name: 'Which day did you attend?' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Sunday' })).toBeChecked();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
});

test('a paused survey shows the not-available message', async ({ page, request }) => {
  const { owner, survey, path } = await activeSurvey(request);
  await setState(request, owner, survey.surveyId, 'paused');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Survey not found' })).toBeVisible();
  await expect(page.getByText('Survey not found or no longer available')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await scan(page, 'unavailable survey');
});

test('a survey that cannot be loaded says so and offers a retry', async ({ page, request }) => {
  const { path } = await activeSurvey(request);
  let fail = true;
  await page.route('**/api/surveys/*/public', (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'boom', code: 'INTERNAL' } }) : route.continue(),
  );
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Survey not found or no longer available' })).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
});

test('a link with the wrong project is corrected', async ({ page, request }) => {
  const { survey, path } = await activeSurvey(request);
  await page.goto(paths.publicSurvey.survey.getHref({ projectId: 'not-the-project', surveyId: survey.surveyId }));
  await expect(page).toHaveURL(path);
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
});

test('the branding image is hidden when it fails to load', async ({ page, request, baseURL }) => {
  const { path } = await activeSurvey(request, { brandingImageUrl: `${baseURL}/no-such-logo.png` });
  await page.goto(path);
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
});

test('a failed submit keeps the answers for a retry', async ({ page, request }) => {
  const { owner, survey, path } = await activeSurvey(request, {
    questions: [{ text: 'Ready?', type: 'multiple_choice', options: ['Yes', 'No'] }],
  });
  await page.goto(path);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await setState(request, owner, survey.surveyId, 'paused');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to submit survey');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page).toHaveURL(path);

  await setState(request, owner, survey.surveyId, 'active');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
});
