import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSurvey } from '@quorum/contract';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { getSurveyPreview } from '@/features/survey-runner/api/get-survey-preview';
import { makeUser, renderRoutes } from './support/render-shell';
import { makePublicSurvey } from '@test/support/surveys';

vi.mock('@/features/survey-runner/api/get-survey-preview', () => ({ getSurveyPreview: vi.fn() }));

const survey: PublicSurvey = makePublicSurvey({ title: 'Saved title' });

beforeEach(() => vi.mocked(getSurveyPreview).mockReset());

describe('the preview route in the real router', () => {
  it.each(['user', 'admin'] as const)(
    'shows a signed-in %s the preview, without the app’s sidebar',
    { timeout: 15_000 },
    async (role) => {
      vi.mocked(getSurveyPreview).mockResolvedValue(survey);
      renderRoutes(routes, { path: paths.surveyPreview.getHref({ surveyId: 's1' }), user: makeUser(role) });
      // The first visit transforms the lazily loaded page: more time than the default second.
      expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' }, { timeout: 10_000 })).toBeVisible();
      expect(screen.getByRole('complementary', { name: 'Preview' })).toHaveTextContent(
        'Preview — answers are not recorded',
      );
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    },
  );

  it('sends a signed-out visitor to the login page, to come back after it', { timeout: 15_000 }, async () => {
    const path = `${paths.surveyPreview.getHref({ surveyId: 's1' })}?draft=t1`;
    const { router } = renderRoutes(routes, { path });
    await screen.findByRole('heading', { name: 'Login' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe(paths.auth.login.getHref());
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(path);
    expect(getSurveyPreview).not.toHaveBeenCalled();
  });
});
