import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Survey, WorkspaceRole } from '@quorum/contract';
import { paths } from '@/config/paths';
import { ResultsPage } from '@/features/results/components/results-page';
import { makeUser, renderRoutes } from './support/render-shell';
import { makeQuestionResult, makeResponseRow, makeResults } from './support/results';
import { makeSurvey } from './support/surveys';

afterEach(() => vi.restoreAllMocks());

const ann = { id: 'ann', name: 'Ann Owner' };
const bob = { id: 'bob', name: 'Bob Editor' };
const row = makeResponseRow({ responseId: 'r1', answers: { q1: 'Tasty' } });
const results = makeResults({
  surveyId: 's1',
  title: 'Team lunch',
  totalResponses: 1,
  matchingResponses: 1,
  questions: [makeQuestionResult({ id: 'q1', text: 'How was it?', answeredCount: 1, seenCount: 1 })],
  responses: [row],
});

/** A team survey made by Ann and changed by Bob five minutes ago, seen with `role`. */
const teamSurvey = (role: WorkspaceRole): Survey =>
  makeSurvey({
    surveyId: 's1',
    title: 'Team lunch',
    workspaceId: 'team-1',
    userId: 'ann',
    role,
    createdBy: ann,
    updatedBy: bob,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    questions: [{ id: 'q1', text: 'How was it?', type: 'text', options: [] }] as Survey['questions'],
  });

function mockApi(survey: Survey) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/surveys/s1') return Response.json(survey);
    if (path === '/api/surveys/s1/results') return Response.json(results);
    if (path === '/api/surveys/s1/responses') return Response.json({ responses: [row], nextCursor: null });
    if (path === '/api/surveys/s1/responses/r1') return Response.json(row);
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
}

function renderResults(survey: Survey, search = '') {
  mockApi(survey);
  return renderRoutes(
    [{ path: paths.user.surveyResults.path, element: <ResultsPage integrations={<p>Webhooks here</p>} /> }],
    { path: `${paths.user.surveyResults.getHref({ surveyId: 's1' })}${search}`, user: makeUser('user') },
  );
}

const tabNames = () => screen.getAllByRole('tab', { hidden: true }).map((tab) => tab.textContent);

describe('the results screen and roles', { timeout: 30_000 }, () => {
  it('says who made a team survey and who changed it last', async () => {
    renderResults(teamSurvey('editor'));
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect(screen.getByTestId('survey-people')).toHaveTextContent(
      'Created by Ann Owner · Last changed by Bob Editor 5 minutes ago',
    );
  });

  it('says nothing of the kind for a personal survey', async () => {
    renderResults(makeSurvey({ surveyId: 's1', createdBy: ann, updatedBy: ann }));
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect(screen.queryByText(/Created by/)).not.toBeInTheDocument();
  });

  it('gives an editor sharing, deleting and the Integrations tab', async () => {
    renderResults(teamSurvey('editor'), '?view=table&response=r1');
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await within(dialog).findByText('Tasty');
    expect(within(dialog).getByRole('button', { name: 'Delete response' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Share results/, hidden: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Statistics View', 'Table View', 'Integrations']);
  });

  it('gives a viewer the results and exports, with no deleting, no share link and no Integrations tab', async () => {
    renderResults(teamSurvey('viewer'), '?view=table&response=r1');
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await within(dialog).findByText('Tasty');
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Share results/, hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Excel (.xlsx)', hidden: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Statistics View', 'Table View']);
  });

  it('keeps a viewer off the Integrations tab even from the address', async () => {
    renderResults(teamSurvey('viewer'), '?view=integrations');
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect(screen.queryByText('Webhooks here')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Statistics View' })).toHaveAttribute('aria-selected', 'true');
  });
});
