import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { ResultsPage } from '@/features/results/components/results-page';
import { makeUser, renderRoutes } from './support/render-shell';
import { makeResults } from './support/results';

/** The results and an empty list of webhooks; anything else is not found. */
function mockApi(totalResponses: number) {
  const results = makeResults({ surveyId: 's1', title: 'Team lunch', totalResponses });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/surveys/s1/results') return Response.json(results);
    if (path === '/api/surveys/s1/webhooks') return Response.json({ webhooks: [] });
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the Integrations tab of the results screen', { timeout: 30_000 }, () => {
  it('is the owner’s, reachable before any response arrives, and kept in the address', async () => {
    const fetch = mockApi(0);
    const { router } = renderRoutes(routes, {
      path: paths.user.surveyResults.getHref({ surveyId: 's1' }),
      user: makeUser('user'),
    });
    // The first visit transforms the lazily loaded pages: more time than the default second.
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' }, { timeout: 15_000 });
    expect(tabNames()).toEqual(['Statistics View', 'Table View', 'Integrations']);
    expect(screen.getByRole('heading', { name: 'No results found' })).toBeVisible();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Integrations' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('heading', { name: 'No webhooks yet' }, { timeout: 10_000 })).toBeVisible();
    expect(router.state.location.search).toBe('?view=integrations');
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/surveys/s1/webhooks');
  });

  it('opens from the address, with responses on the other tabs', async () => {
    mockApi(3);
    renderRoutes(routes, {
      path: `${paths.user.surveyResults.getHref({ surveyId: 's1' })}?view=integrations`,
      user: makeUser('user'),
    });
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' }, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is not offered to an administrator, even from the address', async () => {
    const fetch = mockApi(3);
    renderRoutes(routes, {
      path: `${paths.admin.surveyResults.getHref({ surveyId: 's1' })}?view=integrations`,
      user: makeUser('admin'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' }, { timeout: 15_000 });
    expect(tabNames()).toEqual(['Statistics View', 'Table View']);
    expect(screen.getByRole('tab', { name: 'Statistics View' })).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain('/api/surveys/s1/webhooks');
  });

  it('is left out for an administrator even when the page is given the tab', async () => {
    mockApi(3);
    renderRoutes(
      [{ path: paths.admin.surveyResults.path, element: <ResultsPage integrations={<p>Webhooks here</p>} /> }],
      {
        path: `${paths.admin.surveyResults.getHref({ surveyId: 's1' })}?view=integrations`,
        user: makeUser('admin'),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect(tabNames()).toEqual(['Statistics View', 'Table View']);
    expect(screen.queryByText('Webhooks here')).toBeNull();
  });
});
