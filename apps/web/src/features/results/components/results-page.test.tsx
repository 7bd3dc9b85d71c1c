import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { ResultsPage } from './results-page';

describe('results screen', () => {
  it('says the results could not be loaded under a level-one heading, with the server’s message', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ message: 'Survey not found', code: 'NOT_FOUND' }), { status: 404 }),
    );
    renderRoutes([{ path: paths.user.surveyResults.path, Component: ResultsPage }], {
      path: paths.user.surveyResults.getHref({ surveyId: 'missing' }),
      user: makeUser('user'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Results could not be loaded' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Survey not found');
    expect(screen.getByRole('button', { name: /Try again/ })).toBeVisible();
  });

  it('says it in German, the server’s message translated by its code', async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'Survey not found', code: 'SURVEY_NOT_FOUND' }), { status: 404 }),
    );
    renderRoutes([{ path: paths.user.surveyResults.path, Component: ResultsPage }], {
      path: paths.user.surveyResults.getHref({ surveyId: 'missing' }),
      user: makeUser('user'),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Die Ergebnisse konnten nicht geladen werden' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Erneut versuchen/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Zurück zum Dashboard/ })).toBeVisible();
  });
});
