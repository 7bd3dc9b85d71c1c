import { describe, expect, it } from 'vitest';
import { matchPublicPath, surveyPath, thankYouPath } from './public-paths';

describe('public paths', () => {
  it('recognises the public survey and its thank-you page, and nothing else', () => {
    expect(matchPublicPath('/projects/summer-fest/surveys/abc')).toEqual({
      projectId: 'summer-fest',
      surveyId: 'abc',
      thankYou: false,
    });
    expect(matchPublicPath('/projects/p/surveys/abc/thank-you')).toEqual({
      projectId: 'p',
      surveyId: 'abc',
      thankYou: true,
    });
    for (const other of ['/', '/login', '/surveys/abc/edit', '/projects/p/surveys', '/projects/p/surveys/a/b']) {
      expect(matchPublicPath(other)).toBeNull();
    }
  });

  it('round-trips ids that need encoding', () => {
    const path = surveyPath('café au lait', 'a/b');
    expect(matchPublicPath(path)).toEqual({ projectId: 'café au lait', surveyId: 'a/b', thankYou: false });
    expect(matchPublicPath(thankYouPath('p', 's'))?.thankYou).toBe(true);
  });
});
