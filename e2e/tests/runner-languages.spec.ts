import { expect, test } from '@playwright/test';
import { loginViaApi, registerAndVerify } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// A respondent whose browser speaks Spanish takes a survey in Spanish: the interface's texts follow the browser's
// language, the survey's own texts stay as their author wrote them.

test.use({ locale: 'es-ES' });

test('a Spanish browser answers a survey in Spanish and reaches the Spanish thank-you page', async ({
  page,
  request,
}) => {
  const account = await registerAndVerify(request);
  const { token } = await loginViaApi(request, account);
  const survey = await createSurveyViaApi(request, token, {
    projectName: 'Summer Fest',
    title: 'Festival feedback',
    questions: [
      { text: 'Which day did you attend?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
      { text: 'Anything else?', type: 'text', options: [] },
    ],
  });
  await setSurveyStateViaApi(request, token, survey.surveyId, 'active');

  await page.goto(paths.publicSurvey.survey.getHref(survey));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.getByText('Pregunta 1 de 2')).toBeVisible();
  await expect(page.getByText('0 de 2 respondidas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await expect(page.getByRole('heading', { level: 2, name: 'Which day did you attend?' })).toBeVisible();

  await page.getByRole('radio', { name: 'Saturday' }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Pregunta 2 de 2')).toBeVisible();
  await expect(page.getByText('1 de 2 respondidas')).toBeVisible();
  await expect(page.getByText('Opcional')).toHaveCount(0);
  await page.getByRole('textbox').fill('¡Todo genial!');
  await expect(page.getByText('Todas respondidas')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Cree sus propias encuestas con Quorum' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cree sus propias encuestas con Quorum gratis' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
