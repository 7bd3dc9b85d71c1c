import { expect, test } from '@playwright/test';
import type { ResultsResponse } from '@quorum/contract';
import { loginViaApi, registerAndVerify, storeSession } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// A survey in English and German: the author translates it side by side, a German browser answers it in German,
// an English one switches languages mid-way without losing its answer, and the results count both together, with a
// breakdown by language.

test('a survey in two languages collects one set of results, with a breakdown by language', async ({
  browser,
  request,
}) => {
  const account = await registerAndVerify(request);
  const { token, user } = await loginViaApi(request, account);
  const survey = await createSurveyViaApi(request, token, {
    projectName: 'Summer Fest',
    title: 'Festival feedback',
    defaultLanguage: 'en',
    questions: [
      { id: 'day', text: 'Which day did you attend?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
      { id: 'more', text: 'Anything else?', type: 'text', options: [], required: false },
    ],
    translations: {
      de: {
        title: 'Festival-Umfrage',
        questions: { day: { text: 'An welchem Tag waren Sie da?', options: ['Freitag', 'Samstag'] } },
      },
    },
  });

  // The author: German has one text left to translate; typing it and saving keeps it.
  const author = await browser.newPage({ locale: 'en-US' });
  await storeSession(author, token, user);
  await author.goto(paths.user.editSurvey.getHref(survey));
  await author.getByRole('button', { name: 'Translate into German' }).click();
  const view = author.getByRole('region', { name: 'Translate into German' });
  await expect(view.getByText('Missing: 1 text')).toBeVisible();
  await view.getByRole('textbox', { name: 'Question 2 in German', exact: true }).fill('Sonst noch etwas?');
  await expect(view.getByText('Every text is translated.')).toBeVisible();
  await author.getByRole('button', { name: 'Update Survey' }).click();
  await expect(author.getByText('Survey updated successfully')).toBeVisible();
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');

  // A German browser gets the survey in German, the interface too, and answers it.
  const german = await browser.newPage({ locale: 'de-DE' });
  await german.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(german.getByRole('heading', { level: 2, name: 'An welchem Tag waren Sie da?' })).toBeVisible();
  await expect(german.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await german.getByRole('radio', { name: 'Samstag' }).check();
  await german.getByRole('button', { name: 'Weiter' }).click();
  await expect(german.getByRole('heading', { level: 2, name: 'Sonst noch etwas?' })).toBeVisible();
  await german.getByRole('button', { name: 'Absenden' }).click();
  await expect(german).toHaveURL(/thank-you/);

  // An English browser picks Friday, switches to German (Freitag stays chosen) and back, and answers in English.
  const english = await browser.newPage({ locale: 'en-US' });
  await english.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(english.getByRole('heading', { level: 2, name: 'Which day did you attend?' })).toBeVisible();
  await english.getByRole('radio', { name: 'Friday' }).check();
  await english.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(english.getByRole('radio', { name: 'Freitag' })).toBeChecked();
  await expect(english).toHaveURL(/[?&]lang=de/);
  await english.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(english.getByRole('radio', { name: 'Friday' })).toBeChecked();
  await english.getByRole('button', { name: 'Next' }).click();
  await english.getByRole('button', { name: 'Submit' }).click();
  await expect(english).toHaveURL(/thank-you/);

  // One set of results: both answers counted as the English options, and a count per language.
  const res = await request.get(`/api/surveys/${survey.surveyId}/results`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const results = (await res.json()) as ResultsResponse;
  expect(results.questions[0]!.statistics.map((s) => [s.answer, s.count])).toEqual([
    ['Friday', 1],
    ['Saturday', 1],
  ]);
  expect(results.languages).toEqual([
    { language: 'en', responses: 1 },
    { language: 'de', responses: 1 },
  ]);

  // The results page: the Languages card keeps only the German response when asked.
  await author.goto(paths.user.surveyResults.getHref(survey));
  const card = author.getByRole('region', { name: 'Languages' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Show only German' }).click();
  await expect(author.getByText('1 of 2 responses match')).toBeVisible();
});
