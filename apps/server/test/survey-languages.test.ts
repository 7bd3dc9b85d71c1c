import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  SURVEY_MESSAGES,
  type PublicSurvey,
  type ResponsesPage,
  type ResultsFilterCondition,
  type ResultsResponse,
  type Survey,
} from '@quorum/contract';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp, type TestApp } from './helpers';
import { launchSurveyViaApi } from './support/launch-survey';
import { expectError } from './support/expect-error';

/** q1 "No" ends the survey; q2's options and q3's rows are translated; q4 is free text. */
const questions = [
  {
    id: 'q1',
    text: 'Did you come?',
    type: 'multiple_choice',
    options: ['Yes', 'No'],
    logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'end' }],
  },
  { id: 'q2', text: 'What did you enjoy?', type: 'checkbox', options: ['Music', 'Food', 'People'] },
  { id: 'q3', text: 'How was it?', type: 'rating', required: false },
  { id: 'q4', text: 'Anything else?', type: 'text', required: false },
];

const translations = {
  de: {
    title: 'Festival-Umfrage',
    questions: {
      q1: { text: 'Waren Sie da?', options: ['Ja', 'Nein'] },
      // "People" is left in English: its place is kept.
      q2: { text: 'Was hat Ihnen gefallen?', options: ['Musik', 'Essen'] },
      q3: { labels: { '1': 'Sehr schlecht' } },
    },
  },
  'pt-BR': { title: 'Pesquisa do festival' },
};

const body = (extra: Record<string, unknown> = {}) => ({
  projectName: 'Festival',
  title: 'Festival survey',
  questions,
  defaultLanguage: 'en',
  translations,
  ...extra,
});

async function launched(t: TestApp, extra: Record<string, unknown> = {}) {
  const owner = await createUser(t.ctx);
  const created = await request(t.app, 'POST', '/api/surveys', { token: owner.token, body: body(extra) });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  const state = await request(t.app, 'PATCH', `/api/surveys/${survey.surveyId}/state`, {
    token: owner.token,
    body: { state: 'active' },
  });
  expect(state.statusCode, state.body).toBe(200);
  return { owner, survey };
}

const submit = (t: TestApp, surveyId: string, answers: Record<string, unknown>, language?: string) =>
  request(t.app, 'POST', `/api/surveys/${surveyId}/responses`, {
    body: {
      answers: Object.entries(answers).map(([questionId, answer]) => ({ questionId, answer })),
      ...(language === undefined ? {} : { language }),
    },
  });

const filtersParam = (conditions: ResultsFilterCondition[]) => encodeURIComponent(JSON.stringify(conditions));

describe(`surveys in more than one language (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it('saves and loads the default language and the translations; a survey without them is English', async () => {
    const { owner, survey } = await launched(t);
    expect(survey.defaultLanguage).toBe('en');
    expect(survey.translations.de?.questions?.q2?.options).toEqual(['Musik', 'Essen']);
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: owner.token });
    expect(read.json<Survey>().translations).toEqual(survey.translations);
    expect(Object.keys(read.json<Survey>().translations)).toEqual(['de', 'pt-BR']);

    const plain = await launchSurveyViaApi(t, 'Plain', questions);
    expect(plain.survey.defaultLanguage).toBe('en');
    expect(plain.survey.translations).toEqual({});

    const list = await request(t.app, 'GET', '/api/surveys', { token: owner.token });
    expect(list.json<{ surveys: object[] }>().surveys[0]).not.toHaveProperty('translations');

    const copy = await request(t.app, 'POST', `/api/surveys/${survey.surveyId}/duplicate`, { token: owner.token });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json<Survey>();
    expect(copied.defaultLanguage).toBe('en');
    // The copy's questions have new ids: its translations stay with the same questions.
    const q2 = copied.questions[1]!.id;
    expect(copied.translations.de?.questions?.[q2]?.options).toEqual(['Musik', 'Essen']);
  });

  it('the account export holds each survey’s languages and each response’s language', async () => {
    const { owner, survey } = await launched(t);
    expect((await submit(t, survey.surveyId, { q1: 'Ja', q2: ['Musik'] }, 'de')).statusCode).toBe(201);
    const res = await request(t.app, 'GET', '/api/user/account/export', { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const exported = accountExportSchema.parse(JSON.parse(res.body)).surveys[0]!;
    expect(exported.defaultLanguage).toBe('en');
    expect(exported.translations).toEqual(survey.translations);
    expect(exported.responses.map((r) => [r.language, r.answers])).toEqual([['de', { q1: 'Yes', q2: ['Music'] }]]);
  });

  it('a question whose id is a prototype word keeps its translation', async () => {
    const owner = await createUser(t.ctx);
    const german = Object.create(null) as Record<string, { text?: string; options?: string[] }>;
    german['__proto__'] = { text: 'Welcher Tag?', options: ['Freitag', 'Samstag'] };
    const survey = await createSurvey(t.ctx, owner.id, {
      state: 'active',
      questions: [{ id: '__proto__', text: 'Which day?', type: 'multiple_choice', options: ['Friday', 'Saturday'] }],
      languages: { translations: { de: { questions: german } } },
    });
    const page = await request(t.app, 'GET', `/api/surveys/${survey.id}/public?lang=de`);
    expect(page.json<PublicSurvey>().questions[0]).toMatchObject({
      text: 'Welcher Tag?',
      options: ['Freitag', 'Samstag'],
    });
    expect((await submit(t, survey.id, { ['__proto__']: 'Samstag' }, 'de')).statusCode).toBe(201);
    const stored = await t.ctx.db.kysely
      .selectFrom('responses')
      .select('answers')
      .where('survey_id', '=', survey.id)
      .execute();
    expect(stored.map((row) => row.answers)).toEqual(['{"__proto__":"Saturday"}']);
  });

  it('a survey whose stored translations are damaged reads as one without them', async () => {
    const { owner, survey } = await launched(t);
    await t.ctx.db.kysely
      .updateTable('surveys')
      .set({ translations: '{not json' })
      .where('id', '=', survey.surveyId)
      .execute();
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.json<Survey>().translations).toEqual({});
  });

  it('refuses translations of a question the survey does not have, and changes nothing', async () => {
    const { owner, survey } = await launched(t);
    const res = await request(t.app, 'PUT', `/api/surveys/${survey.surveyId}`, {
      token: owner.token,
      // q4 is removed, its translation is kept.
      body: body({
        questions: questions.slice(0, 3),
        translations: { de: { questions: { q4: { text: 'Sonst noch etwas?' } } } },
      }),
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.body).toContain(SURVEY_MESSAGES.translationUnknownQuestion);
    const read = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}`, { token: owner.token });
    expect(read.json<Survey>().questions).toHaveLength(4);
  });

  it('serves the public survey in the language asked for, the browser’s, or the default', async () => {
    const { survey } = await launched(t);
    const page = async (query: string, headers: Record<string, string> = {}) => {
      const res = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/public${query}`, { headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.vary).toContain('Accept-Language');
      return res.json<PublicSurvey>();
    };
    const german = await page('?lang=de');
    expect(german.language).toBe('de');
    expect(german.languages).toEqual(['en', 'de', 'pt-BR']);
    expect(german.title).toBe('Festival-Umfrage');
    expect(german.questions[0]!.text).toBe('Waren Sie da?');
    expect(german.questions[1]!.options).toEqual(['Musik', 'Essen', 'People']);
    expect(german.questions[3]!.text).toBe('Anything else?');
    // Skip logic names the translated option, so the flow runs the same.
    expect(german.questions[0]!.logic).toEqual([{ when: { operator: 'equals', value: 'Nein' }, goTo: 'end' }]);
    expect(german.questions[2]).toMatchObject({ ratingScale: { labels: { '1': 'Sehr schlecht' } } });

    expect((await page('', { 'accept-language': 'fr;q=0.9, de-AT;q=0.8' })).language).toBe('de');
    expect((await page('', { 'accept-language': 'pt' })).language).toBe('pt-BR');
    expect((await page('?lang=pt-BR', { 'accept-language': 'de' })).title).toBe('Pesquisa do festival');
    const fallback = await page('?lang=fr', { 'accept-language': 'ja' });
    expect(fallback.language).toBe('en');
    expect(fallback.title).toBe('Festival survey');
    expect(fallback.questions[1]!.options).toEqual(['Music', 'Food', 'People']);
  });

  it('the owner’s preview is served in the language asked for too', async () => {
    const { owner, survey } = await launched(t);
    const res = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/preview?lang=de`, {
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublicSurvey>()).toMatchObject({ language: 'de', title: 'Festival-Umfrage' });
  });

  it('stores answers given in German as the English options, with the language, and merges the statistics', async () => {
    const { owner, survey } = await launched(t);
    const id = survey.surveyId;
    expect((await submit(t, id, { q1: 'Ja', q2: ['Musik', 'People'], q3: 4, q4: 'Toll' }, 'de')).statusCode).toBe(201);
    expect((await submit(t, id, { q1: 'Yes', q2: ['Music'] })).statusCode).toBe(201);
    expect((await submit(t, id, { q1: 'Yes', q2: ['Food'] }, 'en')).statusCode).toBe(201);
    // "Nein" ends the survey in German as "No" does in English: nothing else is asked.
    expect((await submit(t, id, { q1: 'Nein' }, 'de')).statusCode).toBe(201);
    // An answer in German after the end is off the path there too.
    expectError(await submit(t, id, { q1: 'Nein', q2: ['Musik'] }, 'de'), 400, 'ANSWER_OFF_PATH');
    // A German option sent as English is not an option.
    expectError(await submit(t, id, { q1: 'Ja', q2: ['Music'] }), 400, 'ANSWER_INVALID');

    const stored = await t.ctx.db.kysely
      .selectFrom('responses')
      .select(['answers', 'language'])
      .where('survey_id', '=', id)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [JSON.parse(row.answers), row.language])).toEqual([
      [{ q1: 'Yes', q2: ['Music', 'People'], q3: 4, q4: 'Toll' }, 'de'],
      [{ q1: 'Yes', q2: ['Music'] }, 'en'],
      [{ q1: 'Yes', q2: ['Food'] }, 'en'],
      [{ q1: 'No' }, 'de'],
    ]);

    const get = (query = '') => request(t.app, 'GET', `/api/surveys/${id}/results${query}`, { token: owner.token });
    const results = (await get()).json<ResultsResponse>();
    const q1 = results.questions[0]!.statistics!.map((s) => [s.answer, s.count]);
    expect(q1).toEqual([
      ['Yes', 3],
      ['No', 1],
    ]);
    expect(results.questions[1]!.statistics!.map((s) => [s.answer, s.count])).toEqual([
      ['Music', 2],
      ['Food', 1],
      ['People', 1],
    ]);
    expect(results.languages).toEqual([
      { language: 'en', responses: 2 },
      { language: 'de', responses: 2 },
      { language: 'pt-BR', responses: 0 },
    ]);
    expect(results.responses.map((r) => r.language)).toEqual(['de', 'en', 'en', 'de']);

    const german = await get(`?filters=${filtersParam([{ language: 'de' }])}`);
    expect(german.statusCode, german.body).toBe(200);
    const filtered = german.json<ResultsResponse>();
    expect(filtered.matchingResponses).toBe(2);
    expect(filtered.responses.every((r) => r.language === 'de')).toBe(true);
    expect(filtered.languages).toEqual([
      { language: 'en', responses: 0 },
      { language: 'de', responses: 2 },
      { language: 'pt-BR', responses: 0 },
    ]);
    const page = await request(
      t.app,
      'GET',
      `/api/surveys/${id}/responses?filters=${filtersParam([{ language: 'en' }])}`,
      { token: owner.token },
    );
    expect(page.json<ResponsesPage>().responses.map((r) => r.language)).toEqual(['en', 'en']);

    const csv = await request(t.app, 'GET', `/api/surveys/${id}/results.csv`, { token: owner.token });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.endsWith(',Language')).toBe(true);
    expect(lines[1]).toContain('Yes');
    expect(lines[1]).toContain('Music; People');
    expect(lines[1]!.endsWith(',de')).toBe(true);
    const germanCsv = await request(
      t.app,
      'GET',
      `/api/surveys/${id}/results.csv?filters=${filtersParam([{ language: 'de' }])}`,
      { token: owner.token },
    );
    expect(germanCsv.body.trim().split('\r\n')).toHaveLength(3);

    const xlsx = await request(t.app, 'GET', `/api/surveys/${id}/results.xlsx`, { token: owner.token });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Responses')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header.at(-1)).toBe('Language');
    expect((sheet.getRow(2).values as unknown[]).at(-1)).toBe('de');
    expect((sheet.getRow(2).values as unknown[]).includes('Yes')).toBe(true);
  });

  it('a survey in one language exports without a Language column', async () => {
    const { owner, survey } = await launchSurveyViaApi(t, 'Plain', questions);
    expect((await submit(t, survey.surveyId, { q1: 'Yes', q2: ['Music'] })).statusCode).toBe(201);
    const csv = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results.csv`, { token: owner.token });
    expect(csv.body).not.toContain('Language');
    const xlsx = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results.xlsx`, { token: owner.token });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Responses')!.getRow(1).values).not.toContain('Language');
    const results = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results`, { token: owner.token });
    expect(results.json<ResultsResponse>().languages).toEqual([{ language: 'en', responses: 1 }]);
  });

  it('refuses a response in a language the survey is not offered in, and stores nothing', async () => {
    const { survey } = await launched(t);
    expectError(await submit(t, survey.surveyId, { q1: 'Oui', q2: ['Musique'] }, 'fr'), 400, 'LANGUAGE_NOT_OFFERED', {
      message: 'This survey is not offered in "fr"',
      params: { language: 'fr' },
    });
    // Even with answers that are valid in the default language.
    expectError(await submit(t, survey.surveyId, { q1: 'Yes', q2: ['Music'] }, 'fr'), 400, 'LANGUAGE_NOT_OFFERED');
    const stored = await t.ctx.db.kysely
      .selectFrom('responses')
      .select('id')
      .where('survey_id', '=', survey.surveyId)
      .execute();
    expect(stored).toEqual([]);
    const counts = await t.ctx.db.kysely
      .selectFrom('answer_counts')
      .select('answer')
      .where('survey_id', '=', survey.surveyId)
      .execute();
    expect(counts).toEqual([]);
  });

  it('a language filter names one of the survey’s languages or one its responses were given in', async () => {
    const { owner, survey } = await launched(t);
    const id = survey.surveyId;
    expect((await submit(t, id, { q1: 'Ja', q2: ['Musik'] }, 'de')).statusCode).toBe(201);
    const filtered = (language: string) =>
      request(t.app, 'GET', `/api/surveys/${id}/results?filters=${filtersParam([{ language }])}`, {
        token: owner.token,
      });
    expectError(await filtered('fr'), 400, 'LANGUAGE_NOT_OFFERED', {
      message: 'This survey is not offered in "fr"',
      params: { language: 'fr' },
    });
    expectError(
      await request(t.app, 'POST', `/api/surveys/${id}/results/export-link`, {
        token: owner.token,
        body: { filters: [{ language: 'fr' }] },
      }),
      400,
      'LANGUAGE_NOT_OFFERED',
    );
    // German is removed from the survey: its responses can still be filtered and are listed after the languages.
    const edited = await request(t.app, 'PUT', `/api/surveys/${id}`, {
      token: owner.token,
      body: body({ translations: { 'pt-BR': translations['pt-BR'] } }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const german = await filtered('de');
    expect(german.statusCode, german.body).toBe(200);
    expect(german.json<ResultsResponse>().matchingResponses).toBe(1);
    const all = await request(t.app, 'GET', `/api/surveys/${id}/results`, { token: owner.token });
    expect(all.json<ResultsResponse>().languages).toEqual([
      { language: 'en', responses: 0 },
      { language: 'pt-BR', responses: 0 },
      { language: 'de', responses: 1 },
    ]);
    // Submitting in German is refused now.
    expectError(await submit(t, id, { q1: 'Ja', q2: ['Musik'] }, 'de'), 400, 'LANGUAGE_NOT_OFFERED');
  });

  it('a survey written in German serves German by default and takes answers without a language as German', async () => {
    const { owner, survey } = await launched(t, {
      title: 'Umfrage',
      questions: [{ id: 'q1', text: 'Kommen Sie?', type: 'multiple_choice', options: ['Ja', 'Nein'] }],
      defaultLanguage: 'de',
      translations: { en: { title: 'Survey', questions: { q1: { options: ['Yes', 'No'] } } } },
    });
    const page = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/public`);
    expect(page.json<PublicSurvey>()).toMatchObject({ language: 'de', languages: ['de', 'en'], title: 'Umfrage' });
    expect((await submit(t, survey.surveyId, { q1: 'Ja' })).statusCode).toBe(201);
    expect((await submit(t, survey.surveyId, { q1: 'No' }, 'en')).statusCode).toBe(201);
    const results = await request(t.app, 'GET', `/api/surveys/${survey.surveyId}/results`, { token: owner.token });
    const body = results.json<ResultsResponse>();
    expect(body.languages).toEqual([
      { language: 'de', responses: 1 },
      { language: 'en', responses: 1 },
    ]);
    expect(body.questions[0]!.statistics!.map((s) => [s.answer, s.count])).toEqual([
      ['Ja', 1],
      ['Nein', 1],
    ]);
  });
});

describe(`a response's language in its webhook payload (${TEST_DIALECT})`, () => {
  const t = useTestApp({ outboundAllowPrivate: true });

  it('response.created says the language it was answered in, with the answers in the default language', async () => {
    const { owner, survey } = await launched(t);
    const hook = await request(t.app, 'POST', `/api/surveys/${survey.surveyId}/webhooks`, {
      token: owner.token,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['response.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    expect((await submit(t, survey.surveyId, { q1: 'Ja', q2: ['Essen'] }, 'de')).statusCode).toBe(201);
    const delivery = await t.ctx.db.kysely
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('survey_id', '=', survey.surveyId)
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(delivery.payload) as { data: { response: Record<string, unknown> } };
    expect(payload.data.response).toMatchObject({
      language: 'de',
      answers: { q1: { answer: 'Yes' }, q2: { answer: ['Food'] } },
    });
  });
});
