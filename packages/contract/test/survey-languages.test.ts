import { describe, expect, it } from 'vitest';
import {
  SURVEY_MESSAGES,
  acceptedLanguages,
  answerInLanguage,
  checkResponse,
  missingTranslations,
  pickSurveyLanguage,
  submitResponseBodySchema,
  surveyInputSchema,
  surveyLanguages,
  translateSurvey,
  type Question,
  type SurveyInput,
} from '../src';

const questions: SurveyInput['questions'] = [
  {
    id: 'day',
    text: 'Which day?',
    type: 'multiple_choice',
    options: ['Friday', 'Saturday', 'Sunday'],
    allowOther: true,
    logic: [{ when: { operator: 'equals', value: 'Sunday' }, goTo: 'end' }],
  },
  { id: 'stars', text: 'How was it?', type: 'rating', description: 'Be honest', ratingScale: { min: 1, max: 5 } },
  { id: 'grid', text: 'Rate the stages', type: 'matrix', options: ['Bad', 'Good'], rows: ['Main', 'Tent'] },
];

const body = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  projectName: 'Festival',
  title: 'Visitor feedback',
  questions,
  welcome: { title: 'Hello', text: 'Two minutes' },
  ...overrides,
});

const german = {
  title: 'Besucherumfrage',
  welcome: { title: 'Hallo' },
  questions: {
    day: { text: 'Welcher Tag?', options: ['Freitag', 'Samstag', 'Sonntag'] },
    stars: { text: 'Wie war es?', labels: { '1': 'Sehr schlecht' } },
    grid: { rows: ['Hauptbühne'] },
  },
};

function firstIssue(input: unknown) {
  const result = surveyInputSchema.safeParse(input);
  return result.success ? null : { message: result.error.issues[0]!.message, path: result.error.issues[0]!.path };
}

describe('a survey’s languages as authors send them', () => {
  it('default to English with no translations, so surveys without languages keep the specification’s behaviour', () => {
    const survey = surveyInputSchema.parse(body());
    expect(survey.defaultLanguage).toBe('en');
    expect(survey.translations).toEqual({});
  });

  it('keep the translations, leaving out blanks, and keep option positions', () => {
    const survey = surveyInputSchema.parse(
      body({
        defaultLanguage: 'en',
        translations: {
          de: { ...german, thankYou: { title: '  ', text: null } },
          'pt-BR': { questions: { day: { options: ['', 'Sábado'] } } },
        },
      }),
    );
    expect(survey.translations.de!.title).toBe('Besucherumfrage');
    expect(survey.translations.de!.thankYou).toBeUndefined();
    expect(survey.translations['pt-BR']!.questions!.day!.options).toEqual(['', 'Sábado']);
    expect(surveyLanguages(survey.defaultLanguage, survey.translations)).toEqual(['en', 'de', 'pt-BR']);
  });

  it('refuse codes that are not languages, the default language again and too many languages', () => {
    expect(firstIssue(body({ defaultLanguage: 'german' }))?.message).toBe(SURVEY_MESSAGES.invalidLanguage);
    expect(firstIssue(body({ translations: { de_DE: {} } }))?.message).toBe(SURVEY_MESSAGES.invalidLanguage);
    expect(firstIssue(body({ translations: JSON.parse('{"__proto__":{}}') }))?.message).toBe(
      SURVEY_MESSAGES.invalidLanguage,
    );
    expect(firstIssue(body({ defaultLanguage: 'de', translations: { de: {} } }))).toEqual({
      message: SURVEY_MESSAGES.translationOfDefault,
      path: ['translations', 'de'],
    });
    const many = Object.fromEntries(
      [
        'aa',
        'ab',
        'ac',
        'ad',
        'ae',
        'af',
        'ag',
        'ah',
        'ai',
        'aj',
        'ak',
        'al',
        'am',
        'an',
        'ao',
        'ap',
        'aq',
        'ar',
        'as',
        'at',
      ].map((code) => [code, {}]),
    );
    expect(firstIssue(body({ translations: many }))?.message).toBe(SURVEY_MESSAGES.tooManyLanguages);
  });

  it('refuse translations of questions the survey does not have, extra options, alike options and foreign labels', () => {
    expect(firstIssue(body({ translations: { de: { questions: { gone: { text: 'Weg' } } } } }))).toEqual({
      message: SURVEY_MESSAGES.translationUnknownQuestion,
      path: ['translations', 'de', 'questions', 'gone'],
    });
    const options = (list: string[]) => body({ translations: { de: { questions: { day: { options: list } } } } });
    expect(firstIssue(options(['a', 'b', 'c', 'd']))?.message).toBe(SURVEY_MESSAGES.translationTooManyOptions);
    expect(firstIssue(options(['Tag', 'Tag']))?.message).toBe(SURVEY_MESSAGES.translationOptionsAlike);
    // A translation equal to another option left untranslated would make an answer ambiguous too.
    expect(firstIssue(options(['Saturday']))?.message).toBe(SURVEY_MESSAGES.translationOptionsAlike);
    expect(
      firstIssue(body({ translations: { de: { questions: { stars: { labels: { '7': 'x' } } } } } }))?.message,
    ).toBe(SURVEY_MESSAGES.translationLabelOutOfScale);
    expect(firstIssue(body({ translations: { de: { questions: { day: { labels: { '1': 'x' } } } } } }))?.message).toBe(
      SURVEY_MESSAGES.translationLabelOutOfScale,
    );
  });

  it('parse question ids as ordinary keys', () => {
    const survey = surveyInputSchema.parse(body({ translations: { de: german } }));
    expect(Object.getPrototypeOf(survey.translations)).toBeNull();
    expect(Object.getPrototypeOf(survey.translations.de!.questions)).toBeNull();
  });
});

describe('translateSurvey', () => {
  const stored = surveyInputSchema.parse(body({ translations: { de: german } }));
  const translated = translateSurvey(
    { ...stored, questions: stored.questions as Question[], thankYou: null },
    stored.translations.de,
  );

  it('replaces what the translation has and keeps the default language’s text for the rest', () => {
    expect(translated.title).toBe('Besucherumfrage');
    expect(translated.welcome).toEqual({ title: 'Hallo', text: 'Two minutes', buttonLabel: null });
    const [day, stars, grid] = translated.questions as [Question, Question, Question];
    expect(day.text).toBe('Welcher Tag?');
    expect(day.options).toEqual(['Freitag', 'Samstag', 'Sonntag']);
    expect(stars.description).toBe('Be honest');
    expect(stars.type === 'rating' && stars.ratingScale.labels['1']).toBe('Sehr schlecht');
    expect(stars.type === 'rating' && stars.ratingScale.labels['5']).toBe('Excellent');
    expect(grid.type === 'matrix' && grid.rows).toEqual(['Hauptbühne', 'Tent']);
  });

  it('translates the option a rule compares with, so skip logic runs the same in every language', () => {
    expect(translated.questions[0]!.logic).toEqual([{ when: { operator: 'equals', value: 'Sonntag' }, goTo: 'end' }]);
  });

  it('stores an answer given in a translation as the default language’s option at the same position', () => {
    const [deDay, , deGrid] = translated.questions;
    const [enDay, , enGrid] = stored.questions as Question[];
    expect(answerInLanguage(deDay!, enDay!, 'Samstag')).toBe('Saturday');
    expect(answerInLanguage(deDay!, enDay!, 'Mein eigener Tag')).toBe('Mein eigener Tag');
    expect(answerInLanguage(deGrid!, enGrid!, ['Good', 'Bad'])).toEqual(['Good', 'Bad']);
    const answers = [{ questionId: 'day', answer: answerInLanguage(deDay!, enDay!, 'Sonntag') }];
    expect(checkResponse(stored.questions as Question[], answers)).toMatchObject({ ok: true, seen: ['day'] });
  });

  it('lists what a translation is missing, in the order the survey shows it', () => {
    const missing = missingTranslations(
      { ...stored, questions: stored.questions as Question[], thankYou: null },
      stored.translations.de,
    ).map((m) => m.path);
    expect(missing).toEqual([
      'welcome.text',
      'questions.stars.description',
      'questions.stars.labels.2',
      'questions.stars.labels.3',
      'questions.stars.labels.4',
      'questions.stars.labels.5',
      'questions.grid.text',
      'questions.grid.options.0',
      'questions.grid.options.1',
      'questions.grid.rows.1',
    ]);
  });
});

describe('picking the language to show', () => {
  it('takes the language asked for, then the browser’s, then the default', () => {
    const offered = ['en', 'de', 'pt-BR'];
    expect(pickSurveyLanguage(offered, 'de', ['pt'])).toBe('de');
    expect(pickSurveyLanguage(offered, 'fr', ['de-AT', 'en'])).toBe('de');
    expect(pickSurveyLanguage(offered, undefined, ['pt'])).toBe('pt-BR');
    expect(pickSurveyLanguage(offered, 'ja', ['ko'])).toBe('en');
  });

  it('reads Accept-Language by weight', () => {
    expect(acceptedLanguages('en;q=0.5, de-AT, de;q=0.9, *;q=0.1, fr;q=0')).toEqual(['de-AT', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('a response’s language', () => {
  it('is a language code when sent', () => {
    expect(submitResponseBodySchema.safeParse({ answers: [], language: 'de' }).success).toBe(true);
    expect(submitResponseBodySchema.safeParse({ answers: [], language: '<script>' }).success).toBe(false);
  });
});
