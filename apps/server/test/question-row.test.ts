import { describe, expect, it } from 'vitest';
import { FIVE_POINT_SCALE, TEN_POINT_SCALE, ratingOptions, type Question } from '@quorum/contract';
import { questionFromRow, questionRow } from '../src/modules/surveys/question-row';

/** The one mapping between a stored question row and the contract's question. */
describe('question rows', () => {
  const questions: Question[] = [
    { id: 'q-mc', text: 'Which day?', type: 'multiple_choice', options: ['Friday', 'Saturday'] },
    { id: 'q-cb', text: 'What did you enjoy?', type: 'checkbox', options: ['Food', 'Sound'] },
    { id: 'q-text', text: 'Anything else?', type: 'text', options: [] },
    {
      id: 'q-rating',
      text: 'How was it?',
      type: 'rating',
      options: ratingOptions(TEN_POINT_SCALE),
      ratingScale: TEN_POINT_SCALE,
    },
  ];

  it.each(questions.map((q) => [q.type, q] as const))('reads a %s question back as it was written', (_type, q) => {
    const row = questionRow('survey-1', 3, q);
    expect(row).toMatchObject({ survey_id: 'survey-1', id: q.id, position: 3, type: q.type, is_deleted: 0 });
    expect(row.rating_scale === null).toBe(q.type !== 'rating');
    expect(row).toMatchObject({ required: 1, description: null, logic: null });
    // `required` is always set on read: true unless the author made the question optional.
    expect(questionFromRow(row)).toEqual({ ...q, required: true });
  });

  it('keeps whether a question is required, its help text and its skip logic', () => {
    const q: Question = {
      id: 'q-opt',
      text: 'Which day?',
      type: 'multiple_choice',
      options: ['Friday', 'Saturday'],
      required: false,
      description: 'Pick the day you came',
      logic: [
        { when: { operator: 'equals', value: 'Friday' }, goTo: 'q-later' },
        { when: { operator: 'skipped' }, goTo: 'end' },
      ],
    };
    const row = questionRow('survey-1', 0, q);
    expect(row).toMatchObject({ required: 0, description: 'Pick the day you came', settings: null });
    expect(questionFromRow(row)).toEqual(q);
  });

  it('reads a row saved before the question model grew as a required question without help or logic', () => {
    const old = { id: 'q', text: 'Old', type: 'text' as const, options: '[]', rating_scale: null };
    expect(questionFromRow({ ...old, required: 1, description: null, settings: null, logic: null })).toEqual({
      id: 'q',
      text: 'Old',
      type: 'text',
      options: [],
      required: true,
    });
  });

  it('reads damaged settings and logic as absent', () => {
    const base = { id: 'q', text: 'Broken', rating_scale: null, required: 1, description: null };
    const damaged = questionFromRow({
      ...base,
      type: 'matrix',
      options: '["Bad","Good"]',
      settings: '{"rows": [1, "Food"',
      logic: '[{"when": {"operator": "sneezes"}, "goTo": "end"}]',
    });
    expect(damaged).toEqual({
      id: 'q',
      text: 'Broken',
      type: 'matrix',
      options: ['Bad', 'Good'],
      rows: [],
      required: true,
    });
    const strange = questionFromRow({
      ...base,
      type: 'number',
      options: '[]',
      settings: '{"numberRange": {"min": "1", "max": 5, "step": -1}}',
      logic: 'null',
    });
    expect(strange).toEqual({
      id: 'q',
      text: 'Broken',
      type: 'number',
      options: [],
      numberRange: { max: 5 },
      required: true,
    });
    const flags = questionFromRow({
      ...base,
      type: 'dropdown',
      options: '["A"]',
      settings: '{"allowOther": "yes"}',
      logic: null,
    });
    expect(flags).not.toHaveProperty('allowOther');
  });

  it('never throws on a damaged row: unreadable options read as none, an unreadable scale as the 1–5 preset', () => {
    const base = {
      id: 'q',
      text: 'Broken',
      rating_scale: null,
      required: 1,
      description: null,
      settings: null,
      logic: null,
    };
    expect(questionFromRow({ ...base, type: 'checkbox', options: 'not json' })).toEqual({
      id: 'q',
      text: 'Broken',
      type: 'checkbox',
      options: [],
      required: true,
    });
    expect(questionFromRow({ ...base, type: 'multiple_choice', options: '["A", 2, null, "B"]' })).toMatchObject({
      options: ['A', 'B'],
    });
    expect(questionFromRow({ ...base, type: 'text', options: '["left over"]' })).toMatchObject({ options: [] });
    const rating = questionFromRow({ ...base, type: 'rating', options: '["1","2","3","4","5"]', rating_scale: '{' });
    expect(rating).toMatchObject({ type: 'rating', ratingScale: FIVE_POINT_SCALE });
  });
});
