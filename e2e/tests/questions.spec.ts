import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ResultsResponse, Survey, SurveyInput } from '@quorum/contract';
import { loginViaApi, registerAndVerify, signInNewUser } from '../support/accounts';
import { atPath, paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// The question model end to end: a survey with every type, optional questions, "Other", random order and a
// branching path, answered in the browser by keyboard alone on a phone; its results and CSV; and skip logic built
// in the editor.

const FESTIVAL: SurveyInput = {
  projectName: 'Harbour Fest',
  title: 'Festival feedback, every type',
  questions: [
    {
      id: 'enjoyed',
      text: 'Did you enjoy the festival?',
      type: 'multiple_choice',
      options: ['Yes', 'No'],
      logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'change' }],
    },
    { id: 'recommend', text: 'How likely are you to recommend us to a friend?', type: 'nps' },
    {
      id: 'stage',
      text: 'Favourite stage',
      type: 'dropdown',
      options: ['Main', 'Forest', 'Harbour'],
      allowOther: true,
    },
    {
      id: 'seen',
      text: 'What did you see?',
      type: 'checkbox',
      options: ['Bands', 'Food', 'Film'],
      allowOther: true,
      randomizeOptions: true,
    },
    { id: 'days', text: 'Rank the days', type: 'ranking', options: ['Friday', 'Saturday', 'Sunday'] },
    { id: 'grid', text: 'Rate these', type: 'matrix', rows: ['Sound', 'Food'], options: ['Poor', 'Fine', 'Great'] },
    { id: 'stay', text: 'How many days did you stay?', type: 'number', numberRange: { min: 1, max: 3, step: 1 } },
    { id: 'arrived', text: 'When did you arrive?', type: 'date', required: false },
    {
      id: 'email',
      text: 'Your email for the prize draw',
      type: 'email',
      required: false,
      description: 'We only use it to pick a winner.',
    },
    {
      id: 'overall',
      text: 'How was it overall?',
      type: 'rating',
      logic: [{ when: { operator: 'answered' }, goTo: 'end' }],
    },
    { id: 'change', text: 'What should we change?', type: 'text', required: false },
  ],
};

async function activeFestival(request: APIRequestContext) {
  const account = await registerAndVerify(request);
  const { token } = await loginViaApi(request, account);
  const survey: Survey = await createSurveyViaApi(request, token, FESTIVAL);
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');
  return { token, survey, path: paths.publicSurvey.survey.getHref(survey) };
}

async function results(request: APIRequestContext, token: string, surveyId: string): Promise<ResultsResponse> {
  const res = await request.get(`/api/surveys/${surveyId}/results`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ResultsResponse;
}

async function scan(page: Page, label: string) {
  const found = await new AxeBuilder({ page }).analyze();
  expect(
    found.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/** The step's heading, which takes the focus on each step. */
const heading = (page: Page, text: string) => page.getByRole('heading', { name: text });

/** Focuses a control without the mouse, as Tab would, then works it with keys only. */
async function keyTo(target: Locator) {
  await target.focus();
  await expect(target).toBeFocused();
}

/**
 * Next (or Skip), then wait until the next question is shown and the page has moved focus to it (on the frame after):
 * focusing a field before that move lands loses the focus, and the keys typed after it, to the heading.
 */
async function next(page: Page, button: 'Next' | 'Skip' = 'Next') {
  const position = page.getByText(/^Question \d+ of \d+$/);
  const before = await position.textContent();
  await keyTo(page.getByRole('button', { name: button }));
  await page.keyboard.press('Enter');
  await expect(position).not.toHaveText(before ?? '');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

test.describe('every question type and a branching path, on a phone, by keyboard', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a respondent who enjoyed it answers every type; one who did not jumps to the last question', async ({
    page,
    request,
  }) => {
    const { token, survey, path } = await activeFestival(request);

    await page.goto(path);
    await expect(heading(page, 'Did you enjoy the festival?')).toBeVisible();
    // Nothing answered yet: every question may still be on the path.
    await expect(page.getByText('Question 1 of 11')).toBeVisible();
    await keyTo(page.getByRole('radio', { name: 'Yes' }));
    await page.keyboard.press('Space');
    await next(page);

    // NPS: 0 to 10 with its end labels.
    await expect(heading(page, 'How likely are you to recommend us to a friend?')).toBeVisible();
    await expect(page.getByText('Not at all likely')).toBeVisible();
    await expect(page.getByText('Extremely likely')).toBeVisible();
    await scan(page, 'an NPS question on a phone');
    await keyTo(page.getByRole('radio', { name: '9' }));
    await page.keyboard.press('Space');
    await next(page);

    // Dropdown with "Other": type-ahead picks an option; "Other" takes the respondent's own text.
    await expect(heading(page, 'Favourite stage')).toBeVisible();
    const stage = page.getByRole('combobox', { name: 'Favourite stage' });
    await keyTo(stage);
    await stage.selectOption({ label: 'Other' });
    await keyTo(page.getByRole('textbox', { name: /Other/ }));
    await page.keyboard.type('The beach');
    await next(page);

    // Checkboxes in the respondent's own order, with "Other".
    await expect(heading(page, 'What did you see?')).toBeVisible();
    await keyTo(page.getByRole('checkbox', { name: 'Film' }));
    await page.keyboard.press('Space');
    await next(page);

    // Ranking by keyboard: Sunday to the top.
    await expect(heading(page, 'Rank the days')).toBeVisible();
    await scan(page, 'a ranking question on a phone');
    await keyTo(page.getByRole('button', { name: 'Move Sunday up' }));
    await page.keyboard.press('Enter');
    await keyTo(page.getByRole('button', { name: 'Move Sunday up' }));
    await page.keyboard.press('Enter');
    await next(page);

    // Matrix: one choice per row.
    await expect(heading(page, 'Rate these')).toBeVisible();
    await scan(page, 'a matrix question on a phone');
    await keyTo(page.getByRole('group', { name: 'Sound' }).getByRole('radio', { name: 'Great' }));
    await page.keyboard.press('Space');
    await keyTo(page.getByRole('group', { name: 'Food' }).getByRole('radio', { name: 'Fine' }));
    await page.keyboard.press('Space');
    await next(page);

    // Number: out of range is refused on Next with a message, then a fitting number goes on.
    await expect(heading(page, 'How many days did you stay?')).toBeVisible();
    const stay = page.getByRole('spinbutton', { name: 'How many days did you stay?' });
    await keyTo(stay);
    await page.keyboard.type('5');
    await keyTo(page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    await keyTo(stay);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2');
    await next(page);

    // An optional date: "Optional" beside it, Skip goes on.
    await expect(heading(page, 'When did you arrive?')).toBeVisible();
    await expect(page.getByText('Optional')).toBeVisible();
    await next(page, 'Skip');

    // An optional email with help text.
    await expect(heading(page, 'Your email for the prize draw')).toBeVisible();
    await expect(page.getByText('We only use it to pick a winner.')).toBeVisible();
    await keyTo(page.getByRole('textbox', { name: 'Your email for the prize draw' }));
    await page.keyboard.type('ana@example.org');
    await next(page);

    // The rating's rule ends the survey once it is answered: the path shrinks to ten questions.
    await expect(heading(page, 'How was it overall?')).toBeVisible();
    await expect(page.getByText('Question 10 of 11')).toBeVisible();
    await keyTo(page.getByRole('radio', { name: /^4/ }));
    await page.keyboard.press('Space');
    await expect(page.getByText('Question 10 of 10')).toBeVisible();
    await keyTo(page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

    // A second respondent answers No and goes straight to the last question; Previous goes back along that path.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(path);
    await keyTo(page.getByRole('radio', { name: 'No' }));
    await page.keyboard.press('Space');
    await next(page);
    await expect(heading(page, 'What should we change?')).toBeVisible();
    await expect(page.getByText('Question 2 of 2')).toBeVisible();
    await keyTo(page.getByRole('button', { name: 'Previous' }));
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Did you enjoy the festival?')).toBeVisible();
    await next(page);
    await keyTo(page.getByRole('textbox', { name: 'What should we change?' }));
    await page.keyboard.type('More shade');
    await keyTo(page.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

    // The results count each question among those who saw it, in the author's order.
    const got = await results(request, token, survey.surveyId);
    expect(got.totalResponses).toBe(2);
    const byId = new Map(got.questions.map((q) => [q.id, q]));
    expect(byId.get('enjoyed')).toMatchObject({ answeredCount: 2, seenCount: 2 });
    expect(byId.get('recommend')).toMatchObject({
      answeredCount: 1,
      seenCount: 1,
      nps: { score: 100, promoters: 1, passives: 0, detractors: 0 },
    });
    expect(byId.get('stage')?.statistics.find((s) => s.answer === 'Other')?.count).toBe(1);
    expect(
      byId
        .get('seen')
        ?.statistics.map((s) => s.answer)
        .slice(0, 3),
    ).toEqual(['Bands', 'Food', 'Film']);
    expect(byId.get('days')?.ranking?.[0]).toEqual({ option: 'Sunday', averageRank: 1 });
    expect(byId.get('grid')?.rows?.[0]?.statistics.find((s) => s.answer === 'Great')?.count).toBe(1);
    expect(byId.get('stay')?.summary).toMatchObject({ count: 1, min: 2, max: 2, mean: 2, median: 2 });
    expect(byId.get('arrived')).toMatchObject({ answeredCount: 0, seenCount: 1, required: false });
    expect(byId.get('change')).toMatchObject({ answeredCount: 1, seenCount: 1 });
    const newest = got.responses[0]!.answers;
    expect({ ...newest }).toEqual({ enjoyed: 'No', change: 'More shade' });
    const first = got.responses[1]!.answers;
    expect(first).toMatchObject({ stage: 'The beach', seen: ['Film'], days: ['Sunday', 'Friday', 'Saturday'] });
    expect(first).toMatchObject({ grid: ['Great', 'Fine'], stay: '2', email: 'ana@example.org', overall: 4 });
    expect(first).not.toHaveProperty('arrived');

    // The CSV has a column per question, every type readable, empty where a question was skipped or not seen.
    const link = await request.post(`/api/surveys/${survey.surveyId}/results/export-link`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(link.status()).toBe(200);
    const csv = await (await request.get((await link.json()).url as string)).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Q2: How likely are you to recommend us to a friend?');
    expect(csv).toContain('The beach');
    expect(csv).toContain('ana@example.org');
  });
});

test('skip logic is built in the editor, in plain words, and a rule that points backwards is refused', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request);
  await page.goto(paths.user.createSurvey.getHref());
  await page.getByRole('textbox', { name: 'Project Name' }).fill('Harbour Fest');
  await page.getByRole('textbox', { name: 'Survey Title' }).fill('Coffee');
  const last = (locator: Locator) => locator.last();
  await page.getByRole('textbox', { name: 'Question Text' }).fill('Do you drink coffee?');
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Yes');
  await page.getByRole('button', { name: 'Add Option' }).click();
  await page.getByRole('textbox', { name: 'Option 2' }).fill('No');

  await page.getByRole('button', { name: 'Add Question' }).click();
  await last(page.getByRole('textbox', { name: 'Question Text' })).fill('Which roast?');
  await last(page.getByRole('combobox', { name: 'Question Type' })).selectOption('text');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await last(page.getByRole('textbox', { name: 'Question Text' })).fill('What do you drink instead?');
  await last(page.getByRole('combobox', { name: 'Question Type' })).selectOption('text');
  await last(page.getByRole('checkbox', { name: 'Required' })).uncheck();

  // A rule on the first question: "If the answer is No, go to Q3".
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  await page.getByRole('combobox', { name: 'Value, rule 1' }).selectOption('No');
  await page.getByRole('combobox', { name: 'Go to, rule 1' }).selectOption({ label: 'Q3: What do you drink instead?' });
  await expect(page.getByText('If the answer is No, go to Q3')).toBeVisible();
  await scan(page, 'the editor with a rule');

  // Moving the target above its rule makes the rule point backwards: the editor says so and will not save.
  await page.getByRole('button', { name: 'Move up, question 3' }).click();
  await page.getByRole('button', { name: 'Move up, question 2' }).click();
  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page.getByText('A rule can only go forward, to a later question or to the end').first()).toBeVisible();
  await expect(page).toHaveURL(atPath(paths.user.createSurvey.getHref()));

  // Moved back, the rule is fine again and the survey saves with it.
  await page.getByRole('button', { name: 'Move down, question 1' }).click();
  await page.getByRole('button', { name: 'Move down, question 2' }).click();
  await expect(page.getByText('If the answer is No, go to Q3')).toBeVisible();
  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page.getByText('Survey created successfully and saved as draft')).toBeVisible();
});
