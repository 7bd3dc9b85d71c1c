import { describe, expect, it } from 'vitest';
import { FIVE_POINT_SCALE, type PublicSurvey } from '@quorum/contract';
import { clearProgress, loadProgress, saveProgress } from './saved-progress';

const survey: PublicSurvey = {
  surveyId: 's1',
  projectId: 'p',
  title: 'T',
  brandingImageUrl: null,
  questions: [
    { id: 'a', text: 'A', type: 'multiple_choice', options: ['x', 'y'] },
    { id: 'b', text: 'B', type: 'checkbox', options: ['1', '2', '3'] },
    { id: 'c', text: 'C', type: 'text', options: [] },
    { id: 'd', text: 'D', type: 'rating', options: ['1', '2', '3', '4', '5'], ratingScale: FIVE_POINT_SCALE },
  ],
};

describe('saved progress', () => {
  it('starts at the first question with no answers', () => {
    expect(loadProgress(survey)).toEqual({ index: 0, answers: {} });
  });

  it('comes back after a reload, and is gone once cleared', () => {
    const progress = { index: 3, answers: { a: 'y', b: ['3', '1'], c: 'hi', d: 4 } };
    saveProgress('s1', progress);
    expect(loadProgress(survey)).toEqual({ index: 3, answers: { a: 'y', b: ['1', '3'], c: 'hi', d: 4 } });
    clearProgress('s1');
    expect(loadProgress(survey)).toEqual({ index: 0, answers: {} });
  });

  it('keeps only answers that still fit the questions, and resumes at the first one left open', () => {
    saveProgress('s1', { index: 3, answers: { a: 'gone', b: ['9'], c: 'kept', d: 7, zz: 'x' } as never });
    expect(loadProgress(survey)).toEqual({ index: 0, answers: { c: 'kept' } });
  });

  it('survives storage that holds something else', () => {
    localStorage.setItem('quorum.survey-progress.s1', '{not json');
    expect(loadProgress(survey)).toEqual({ index: 0, answers: {} });
  });
});
