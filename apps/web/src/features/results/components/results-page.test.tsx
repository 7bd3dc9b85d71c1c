import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { paths } from '@/config/paths';
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
});
