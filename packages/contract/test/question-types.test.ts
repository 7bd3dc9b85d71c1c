import { describe, expect, it } from 'vitest';
import {
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  checkResponse,
  nextQuestion,
  previousQuestion,
  questionPath,
  questionTypes,
  surveyInputSchema,
  type Question,
} from '../src';
import { checkbox, multipleChoice } from '../src/question-types/choice';
import { rating } from '../src/question-types/rating';

describe('the question type registry', () => {
  it('has one module per type, registered under its own name', () => {
    expect(Object.keys(QUESTION_TYPES).sort()).toEqual([...questionTypes].sort());
    for (const type of questionTypes) {
      expect(QUESTION_TYPES[type].type).toBe(type);
      expect(QUESTION_TYPES[type].label).toBe(QUESTION_TYPE_LABELS[type]);
    }
  });

  it('refuses at compile time a registry that lacks a type', () => {
    // @ts-expect-error text is missing
    const partial: typeof QUESTION_TYPES = { multiple_choice: multipleChoice, checkbox, rating };
    expect(Object.keys(partial)).not.toContain('text');
  });

  it('is what an author’s question goes through on save', () => {
    const parsed = surveyInputSchema.parse({
      projectName: 'P',
      title: 'T',
      questions: [
        { text: 'Pick', type: 'multiple_choice', options: [' a ', '', 'b'] },
        { text: 'Say', type: 'text', options: ['ignored'] },
        { text: 'Rate', type: 'rating' },
      ],
    });
    expect(parsed.questions.map((q) => q.options)).toEqual([['a', 'b'], [], ['1', '2', '3', '4', '5']]);
  });
});

describe('the question flow', () => {
  const questions = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('asks every question in survey order', () => {
    expect(questionPath(questions, {}).map((q) => q.id)).toEqual(['a', 'b', 'c']);
    expect(questionPath(questions, { a: 'x', b: ['y'] }).map((q) => q.id)).toEqual(['a', 'b', 'c']);
  });

  it('goes to the next question, and to none after the last', () => {
    expect(nextQuestion(questions, {}, 'a')?.id).toBe('b');
    expect(nextQuestion(questions, {}, 'b')?.id).toBe('c');
    expect(nextQuestion(questions, {}, 'c')).toBeNull();
    expect(nextQuestion(questions, {}, 'unknown')).toBeNull();
  });

  it('goes back to the question before, and to none before the first', () => {
    expect(previousQuestion(questions, {}, 'c')?.id).toBe('b');
    expect(previousQuestion(questions, {}, 'a')).toBeNull();
    expect(previousQuestion(questions, {}, 'unknown')).toBeNull();
  });

  it('is the path the server’s response check requires', () => {
    const survey: Question[] = [
      { id: 'a', text: 'A', type: 'text', options: [] },
      { id: 'b', text: 'B', type: 'text', options: [] },
    ];
    expect(checkResponse(survey, [{ questionId: 'a', answer: 'x' }])).toEqual({
      ok: false,
      code: 'ANSWER_MISSING',
      params: { position: 2 },
      message: 'Every question must be answered: question 2 has no answer',
    });
    const ok = checkResponse(survey, [
      { questionId: 'a', answer: 'x' },
      { questionId: 'b', answer: ' y ' },
    ]);
    expect(ok.ok && { ...ok.answers }).toEqual({ a: 'x', b: 'y' });
  });
});
