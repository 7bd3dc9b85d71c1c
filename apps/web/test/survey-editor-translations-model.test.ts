import { afterEach, describe, expect, it } from 'vitest';
import { missingTranslations, type Survey, type SurveyTranslations } from '@quorum/contract';
import {
  draftFromSurvey,
  previewSurveyOf,
  toSurveyInput,
  validateDraft,
  type QuestionDraft,
  type SurveyDraft,
} from '@/features/survey-editor/lib/editor-model';
import { keepEdit, readKeptEdit } from '@/features/survey-editor/lib/kept-draft';
import { textDirection } from '@/lib/language-names';
import {
  alignTranslations,
  fillFromDraft,
  missingCount,
  positionsFrom,
  textAt,
  translatableTexts,
  translationsInput,
  withTextAt,
} from '@/features/survey-editor/lib/translations';
import { makeSurvey } from './support/surveys';

afterEach(() => localStorage.clear());

const survey: Survey = makeSurvey({
  title: 'Lunch',
  questions: [
    { id: 'q1', text: 'Tea?', type: 'multiple_choice', options: ['Yes', 'No', 'Maybe'], description: 'Be honest' },
    { id: 'q2', text: 'Rate it', type: 'rating', options: ['1', '2', '3', '4', '5'], ratingScale: {
      min: 1, max: 5, labels: { '1': 'Bad', '5': 'Great' } } }, // prettier-ignore
    { id: 'q3', text: 'Grid', type: 'matrix', options: ['Low', 'High'], rows: ['Food', 'Service'] },
  ],
  welcome: { title: 'Hello', text: 'Thanks for coming', buttonLabel: null },
  thankYou: { title: 'Bye', text: null, redirectUrl: null },
  defaultLanguage: 'en',
  translations: {
    de: {
      title: 'Mittag',
      questions: {
        q1: { text: 'Tee?', options: ['Ja', 'Nein', 'Vielleicht'] },
        q2: { labels: { '1': 'Schlecht', '5': 'Toll' } },
        q3: { rows: ['Essen', 'Service'] },
      },
    },
    fr: { questions: { q1: { options: ['Oui', 'Non', 'Peut-être'] } } },
  },
});

const draft = () => draftFromSurvey(survey);
const question = (d: SurveyDraft, id: string) => d.questions.find((q) => q.id === id)!;

describe('positions of a list after an edit', () => {
  it('follows a removal, an addition, a reorder, and keeps places when an item is typed over', () => {
    expect(positionsFrom(['a', 'b', 'c'], ['a', 'c'])).toEqual([0, 2]);
    expect(positionsFrom(['a', 'b', 'c'], ['b', 'c'])).toEqual([1, 2]);
    expect(positionsFrom(['a', 'b'], ['a', 'b', ''])).toEqual([0, 1, -1]);
    expect(positionsFrom(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([2, 0, 1]);
    expect(positionsFrom(['a', 'b', 'c'], ['a', 'bee', 'c'])).toEqual([0, 1, 2]);
  });
});

describe('translations kept aligned with the author’s edits', () => {
  it('removing an option removes its translation at that position in every language', () => {
    const d = draft();
    const prev = question(d, 'q1');
    const next: QuestionDraft = { ...prev, options: ['Yes', 'Maybe'] };
    const aligned = alignTranslations(d.translations, prev, next);
    expect(aligned.de!.questions!.q1!.options).toEqual(['Ja', 'Vielleicht']);
    expect(aligned.fr!.questions!.q1!.options).toEqual(['Oui', 'Peut-être']);
    expect(aligned.de!.questions!.q1!.text).toBe('Tee?');
    expect(aligned.de!.title).toBe('Mittag');
  });

  it('moving rows moves their translations; typing an option keeps everything in place', () => {
    const d = draft();
    const grid = question(d, 'q3');
    const moved = alignTranslations(d.translations, grid, { ...grid, rows: ['Service', 'Food'] });
    expect(moved.de!.questions!.q3!.rows).toEqual(['Service', 'Essen']);
    const tea = question(d, 'q1');
    expect(alignTranslations(d.translations, tea, { ...tea, options: ['Yes!', 'No', 'Maybe'] })).toBe(d.translations);
  });

  it('a type without translated options drops them; a smaller rating scale drops the labels outside it', () => {
    const d = draft();
    const tea = question(d, 'q1');
    const asText = alignTranslations(d.translations, tea, { ...tea, type: 'text', options: [] });
    expect(asText.de!.questions!.q1).toEqual({ text: 'Tee?' });
    expect(asText.fr!.questions).toEqual({});
    const rating = question(d, 'q2');
    const smaller = alignTranslations(d.translations, rating, {
      ...rating,
      ratingScale: { min: 1, max: 3, labels: { '1': 'Bad' } },
    });
    expect(smaller.de!.questions!.q2!.labels).toEqual({ '1': 'Schlecht' });
  });

  it('sends only the questions the survey still has, at their saved positions, without blanks', () => {
    const d = draft();
    d.questions = d.questions.filter((q) => q.id !== 'q3');
    // A blank option being typed: its translation's place is kept while editing, and left out on save.
    const tea = question(d, 'q1');
    tea.options = ['Yes', '', 'No', 'Maybe'];
    d.translations = {
      de: {
        title: '  ',
        welcome: { title: 'Hallo', text: '' },
        questions: {
          q1: { text: 'Tee?', options: ['Ja', 'Leer', 'Nein', 'Vielleicht'], description: '' },
          q2: { labels: { '1': 'Schlecht', '7': 'Sieben' } },
          q3: { rows: ['Essen'] },
        },
      },
    };
    expect(translationsInput(d)).toEqual({
      de: {
        welcome: { title: 'Hallo' },
        questions: { q1: { text: 'Tee?', options: ['Ja', 'Nein', 'Vielleicht'] }, q2: { labels: { '1': 'Schlecht' } } },
      },
    });
  });

  it('a save carries the default language and the translations, and the contract accepts them', () => {
    const d = draft();
    d.defaultLanguage = 'en-GB';
    const input = toSurveyInput(d);
    expect(input.defaultLanguage).toBe('en-GB');
    expect(input.translations).toEqual({
      de: survey.translations.de,
      fr: survey.translations.fr,
    });
    expect(validateDraft(d).ok).toBe(true);
  });

  it('a translation into the default language is refused with the contract’s message', () => {
    const d = draft();
    d.defaultLanguage = 'de';
    const checked = validateDraft(d);
    expect(checked.ok).toBe(false);
  });
});

describe('the texts to translate', () => {
  it('lists every text in the order the survey shows them, and counts the missing ones as the contract does', () => {
    const d = draft();
    const texts = translatableTexts(d, d.translations.de);
    expect(texts.map((text) => text.path)).toEqual(
      missingTranslations(survey, undefined).map((missing) => missing.path),
    );
    expect(texts[0]).toMatchObject({ path: 'title', source: 'Lunch', translated: 'Mittag' });
    expect(missingCount(d, d.translations.de)).toBe(missingTranslations(survey, survey.translations.de).length);
    expect(missingCount(d, d.translations.fr)).toBe(missingTranslations(survey, survey.translations.fr).length);
  });

  it('reads and writes a text by its path', () => {
    let t = withTextAt({}, 'questions.q1.options.2', 'Vielleicht');
    t = withTextAt(t, 'questions.q2.labels.5', 'Toll');
    t = withTextAt(t, 'welcome.buttonLabel', 'Los');
    expect(t).toEqual({
      welcome: { buttonLabel: 'Los' },
      questions: { q1: { options: ['', '', 'Vielleicht'] }, q2: { labels: { '5': 'Toll' } } },
    });
    expect(textAt(t, 'questions.q1.options.2')).toBe('Vielleicht');
    expect(textAt(t, 'questions.q2.labels.5')).toBe('Toll');
    expect(textAt(t, 'title')).toBe('');
  });

  it('an AI draft fills the empty texts only, and names the typed ones it would change', () => {
    const d = draft();
    const drafted = { title: 'Mittagessen', questions: { q1: { text: 'Tee?', description: 'Sei ehrlich' } } };
    const kept = fillFromDraft(d, d.translations.de, drafted);
    expect(kept.filled).toEqual(['questions.q1.description']);
    expect(kept.typed).toEqual(['title']);
    expect(kept.translation.title).toBe('Mittag');
    expect(kept.translation.questions!.q1!.description).toBe('Sei ehrlich');
    const replaced = fillFromDraft(d, d.translations.de, drafted, true);
    expect(replaced.translation.title).toBe('Mittagessen');
    expect(replaced.filled).toEqual(['title', 'questions.q1.description']);
  });

  it('knows the right-to-left languages', () => {
    expect(['ar', 'he', 'fa', 'ur', 'ar-EG'].every((code) => textDirection(code) === 'rtl')).toBe(true);
    expect(['de', 'en', 'tr'].some((code) => textDirection(code) === 'rtl')).toBe(false);
  });
});

describe('preview in a language', () => {
  it('shows the survey in the chosen language, the default when it is not one of the survey’s', () => {
    const d = draft();
    d.projectName = 'P';
    const german = previewSurveyOf(d, 's1', 'de');
    expect(german.ok && german.survey).toMatchObject({
      language: 'de',
      languages: ['en', 'de', 'fr'],
      title: 'Mittag',
    });
    expect(german.ok && german.survey.questions[0]).toMatchObject({
      text: 'Tee?',
      options: ['Ja', 'Nein', 'Vielleicht'],
    });
    const unknown = previewSurveyOf(d, 's1', 'it');
    expect(unknown.ok && unknown.survey).toMatchObject({ language: 'en', title: 'Lunch' });
  });
});

describe('kept edits', () => {
  it('keep the languages; damaged ones read as none', () => {
    const d = draft();
    keepEdit('u1', '/surveys/s1/edit', d);
    expect(readKeptEdit('u1', '/surveys/s1/edit')?.draft).toMatchObject({
      defaultLanguage: 'en',
      translations: d.translations,
    });
    const damaged = {
      ...d,
      defaultLanguage: 'not a language',
      translations: { de: 'oops' } as unknown as SurveyTranslations,
    };
    keepEdit('u1', '/surveys/s1/edit', damaged);
    expect(readKeptEdit('u1', '/surveys/s1/edit')?.draft).toMatchObject({ defaultLanguage: 'en', translations: {} });
  });
});
