import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SharedResults } from '@quorum/contract';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { makeUser, renderRoutes } from './support/render-shell';

const report: SharedResults = {
  title: 'Team lunch',
  state: 'closed',
  totalResponses: 0,
  includeTextAnswers: false,
  timeZone: 'UTC',
  timeline: [],
  funnel: { views: 0, starts: 0, completions: 0, completionRate: 0, medianCompletionSeconds: null, dropOff: [] },
  questions: [],
  generatedAt: '2026-03-02T09:30:00.000Z',
};

describe('the shared report route in the real router', { timeout: 30_000 }, () => {
  it.each([
    ['a signed-out visitor', undefined],
    ['a signed-in user', makeUser('user')],
    ['an administrator', makeUser('admin')],
  ])('opens the report for %s, without the app’s navigation', async (_who, user) => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(report));
    renderRoutes(routes, { path: paths.sharedResults.getHref({ token: 'tok_abc' }), ...(user ? { user } : {}) });
    // The first visit transforms the lazily loaded page: more time than the default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Team lunch' }, { timeout: 15_000 })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/^\/api\/shared\/results\/tok_abc\?tz=/);
  });
});
