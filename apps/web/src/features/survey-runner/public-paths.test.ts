import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { matchPublicPath } from './public-paths';

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
    expect(matchPublicPath('/projects/p/surveys/abc/')?.surveyId).toBe('abc');
    for (const other of ['/', '/login', '/surveys/abc/edit', '/projects/p/surveys', '/projects/p/surveys/a/b']) {
      expect(matchPublicPath(other)).toBeNull();
    }
    expect(matchPublicPath('/projects/p/surveys/%E0%A4%A')).toBeNull();
  });

  it('round-trips ids that need encoding', () => {
    const path = paths.publicSurvey.survey.getHref({ projectId: 'café au lait', surveyId: 'a/b' });
    expect(matchPublicPath(path)).toEqual({ projectId: 'café au lait', surveyId: 'a/b', thankYou: false });
    const thanks = paths.publicSurvey.thankYou.getHref({ projectId: 'p', surveyId: 's' });
    expect(matchPublicPath(thanks)?.thankYou).toBe(true);
  });
});
