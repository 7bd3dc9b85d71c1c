import { describe, expect, it } from 'vitest';
import { FIVE_POINT_SCALE, type PublicSurvey } from '@quorum/contract';
import { clearProgress, loadProgress, saveProgress } from './saved-progress';
import { makePublicSurvey } from '@test/support/surveys';

const survey: PublicSurvey = makePublicSurvey({
  title: 'T',
  questions: [
    { id: 'a', text: 'A', type: 'multiple_choice', options: ['x', 'y'] },
    { id: 'b', text: 'B', type: 'checkbox', options: ['1', '2', '3'] },
    { id: 'c', text: 'C', type: 'text', options: [] },
    { id: 'd', text: 'D', type: 'rating', options: ['1', '2', '3', '4', '5'], ratingScale: FIVE_POINT_SCALE },
  ],
});

describe('saved progress', () => {
  it('starts at the first question with no answers', () => {
    expect(loadProgress(survey)).toEqual({
      index: 0,
      answers: {},
      seed: expect.any(String),
      started: false,
      hiddenFields: {},
    });
  });

  it('comes back after a reload, and is gone once cleared', () => {
    const progress = {
      index: 3,
      answers: { a: 'y', b: ['3', '1'], c: 'hi', d: 4 },
      seed: 'abc',
      started: true,
      hiddenFields: {},
    };
    saveProgress('s1', progress);
    expect(loadProgress(survey)).toEqual({
      index: 3,
      answers: { a: 'y', b: ['1', '3'], c: 'hi', d: 4 },
      seed: 'abc',
      started: true,
      hiddenFields: {},
    });
    clearProgress('s1');
    expect(loadProgress(survey)).toEqual({
      index: 0,
      answers: {},
      seed: expect.any(String),
      started: false,
      hiddenFields: {},
    });
  });

  it("keeps the funnel's visit with the progress, and reads anything else saved there as none", () => {
    const visit = { id: 'v-1', openedAt: '2026-12-01T09:00:00.000Z' };
    saveProgress('s1', { index: 0, answers: {}, seed: 'abc', started: true, hiddenFields: {}, visit });
    expect(loadProgress(survey).visit).toEqual(visit);
    for (const odd of ['v-1', { id: 7, openedAt: visit.openedAt }, { id: '', openedAt: visit.openedAt }, { id: 'v' }]) {
      localStorage.setItem('quorum.survey-progress.s1', JSON.stringify({ index: 0, visit: odd }));
      expect(loadProgress(survey)).not.toHaveProperty('visit');
    }
    clearProgress('s1');
  });

  it('keeps only answers that still fit the questions, and resumes at the first one left open', () => {
    saveProgress('s1', {
      index: 3,
      answers: { a: 'gone', b: ['9'], c: 'kept', d: 7, zz: 'x' } as never,
      seed: 'abc',
      started: false,
      hiddenFields: {},
    });
    expect(loadProgress(survey)).toEqual({
      index: 0,
      answers: { c: 'kept' },
      seed: 'abc',
      started: false,
      hiddenFields: {},
    });
  });

  it('keeps answers to questions whose ids are object keys ("__proto__", "constructor") as ordinary answers', () => {
    const odd: PublicSurvey = {
      ...survey,
      surveyId: 's2',
      questions: [
        { id: '__proto__', text: 'P', type: 'checkbox', options: ['1', '2'] },
        { id: 'constructor', text: 'C', type: 'text', options: [] },
        { id: 'toString', text: 'S', type: 'text', options: [] },
      ],
    };
    localStorage.setItem(
      'quorum.survey-progress.s2',
      JSON.stringify({ index: 2, answers: JSON.parse('{"__proto__":["2"],"toString":"hi"}') }),
    );
    const progress = loadProgress(odd);
    expect(Object.getPrototypeOf(progress.answers)).toBeNull();
    expect(Object.keys(progress.answers)).toEqual(['__proto__', 'toString']);
    expect(progress.answers['__proto__']).toEqual(['2']);
    // "constructor" was not answered: the respondent resumes there, not past it.
    expect(progress.index).toBe(1);
    clearProgress('s2');
  });

  it('resumes on the path the answers choose: a question skip logic passed over does not hold the respondent back', () => {
    const branching: PublicSurvey = {
      ...survey,
      surveyId: 's3',
      questions: [
        {
          id: 'q1',
          text: 'Q1',
          type: 'multiple_choice',
          options: ['Yes', 'No'],
          logic: [{ when: { operator: 'equals', value: 'No' }, goTo: 'q3' }],
        },
        { id: 'q2', text: 'Q2', type: 'text', options: [] },
        { id: 'q3', text: 'Q3', type: 'text', options: [] },
      ],
    };
    saveProgress('s3', { index: 2, answers: { q1: 'No' }, seed: 'abc', started: true, hiddenFields: {} });
    expect(loadProgress(branching).index).toBe(2);
    saveProgress('s3', { index: 2, answers: { q1: 'Yes' }, seed: 'abc', started: true, hiddenFields: {} });
    expect(loadProgress(branching).index).toBe(1);
    clearProgress('s3');
  });

  it('keeps the hidden fields with the answers: the link being opened wins, undeclared or empty ones are dropped', () => {
    const tracked: PublicSurvey = { ...survey, surveyId: 's4', hiddenFields: ['source', 'campaign'] };
    saveProgress('s4', {
      index: 0,
      answers: {},
      seed: 'abc',
      started: true,
      hiddenFields: { source: 'saved', campaign: 'spring', other: 'x' },
    });
    expect(loadProgress(tracked).hiddenFields).toEqual({ source: 'saved', campaign: 'spring' });
    expect(loadProgress(tracked, { source: 'newsletter' }).hiddenFields).toEqual({
      source: 'newsletter',
      campaign: 'spring',
    });
    localStorage.setItem('quorum.survey-progress.s4', JSON.stringify({ hiddenFields: { source: '', campaign: 7 } }));
    expect(loadProgress(tracked).hiddenFields).toEqual({});
    clearProgress('s4');
  });

  it('keeps the language of its answers: options chosen in another one are left out, other answers kept', () => {
    const progress = {
      index: 3,
      answers: { a: 'y', b: ['1'], c: 'hi', d: 4 },
      seed: 'abc',
      started: true,
      hiddenFields: {},
    };
    saveProgress('s1', progress, 'en');
    expect(JSON.parse(localStorage.getItem('quorum.survey-progress.s1')!)).toMatchObject({ language: 'en' });
    expect(loadProgress(survey).answers).toEqual({ a: 'y', b: ['1'], c: 'hi', d: 4 });
    // The same survey shown in German now: "y" would be a German option's name, or an "Other" text.
    expect(loadProgress({ ...survey, language: 'de', languages: ['en', 'de'] }).answers).toEqual({ c: 'hi', d: 4 });
    clearProgress('s1');
  });

  it('survives storage that holds something else', () => {
    localStorage.setItem('quorum.survey-progress.s1', '{not json');
    expect(loadProgress(survey)).toEqual({
      index: 0,
      answers: {},
      seed: expect.any(String),
      started: false,
      hiddenFields: {},
    });
  });
});
