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
    expect(questionFromRow(row)).toEqual(q);
  });

  it('never throws on a damaged row: unreadable options read as none, an unreadable scale as the 1–5 preset', () => {
    const base = { id: 'q', text: 'Broken', rating_scale: null };
    expect(questionFromRow({ ...base, type: 'checkbox', options: 'not json' })).toEqual({
      id: 'q',
      text: 'Broken',
      type: 'checkbox',
      options: [],
    });
    expect(questionFromRow({ ...base, type: 'multiple_choice', options: '["A", 2, null, "B"]' })).toMatchObject({
      options: ['A', 'B'],
    });
    expect(questionFromRow({ ...base, type: 'text', options: '["left over"]' })).toMatchObject({ options: [] });
    const rating = questionFromRow({ ...base, type: 'rating', options: '["1","2","3","4","5"]', rating_scale: '{' });
    expect(rating).toMatchObject({ type: 'rating', ratingScale: FIVE_POINT_SCALE });
  });
});
