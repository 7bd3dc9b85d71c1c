import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SURVEY_MESSAGES, type SurveyListResponse, type SurveyState, type SurveySummary } from '@quorum/contract';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { surveysQueryOptions } from '@/features/dashboard/api/get-surveys';
import { ErrorBannerProvider } from '@/lib/error-banner';
import { paths } from '@/config/paths';

let n = 0;
const summary = (state: SurveyState, over: Partial<SurveySummary> = {}): SurveySummary => {
  n += 1;
  return {
    surveyId: `survey-${n}`,
    projectId: 'team-pulse',
    userId: 'u',
    title: `Survey ${n}`,
    projectName: 'Team Pulse',
    brandingImageUrl: null,
    state,
    generator: 'manual',
    responseCount: 0,
    questionCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
};

/** Renders the dashboard over a list already in the cache (fresh forever, so nothing is fetched). */
function renderDashboard(surveys: SurveySummary[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const data: SurveyListResponse = { surveys, total: surveys.length };
  queryClient.setQueryData(surveysQueryOptions().queryKey, data);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[paths.user.dashboard.getHref()]}>
        <ErrorBannerProvider>
          <DashboardPage />
        </ErrorBannerProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const sectionButton = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} \\d+ surveys?$`) });

describe('the dashboard', () => {
  it('greets a new user with an empty state leading to the create screen', () => {
    renderDashboard([summary('deleted')]);
    expect(screen.getByRole('heading', { name: 'Create your first survey' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /Create New Survey/ })) {
      expect(link).toHaveAttribute('href', paths.user.createSurvey.getHref());
    }
  });

  it('groups surveys into sections with counts, hides Other when empty and leaves deleted ones out', async () => {
    const user = renderDashboard([
      summary('active'),
      summary('draft', { title: 'Draft A' }),
      summary('draft'),
      summary('deleted', { title: 'Gone' }),
    ]);
    expect(sectionButton('Active')).toHaveTextContent('1');
    expect(sectionButton('Draft')).toHaveTextContent('2');
    expect(sectionButton('Paused')).toHaveTextContent('0');
    expect(screen.queryByRole('button', { name: /^Other/ })).not.toBeInTheDocument();
    expect(screen.getByText('No surveys in this section')).toBeInTheDocument();
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();

    await user.click(sectionButton('Draft'));
    expect(sectionButton('Draft')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /Draft A/ })).not.toBeInTheDocument();
  });

  it('puts closed surveys in Other, saying Survey Closed and offering Delete only', async () => {
    const user = renderDashboard([summary('closed', { title: 'Old poll' })]);
    expect(sectionButton('Other')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: /Old poll/ }));
    expect(screen.getByText('Survey Closed')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for Old poll' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete']);
    expect(within(actions).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: /View Results/ })).toBeInTheDocument();
  });

  it('expands a card with Enter to show its details, the public link and Copy for an active survey', async () => {
    const active = summary('active', { title: 'Live one', questionCount: 4 });
    const user = renderDashboard([active]);
    const toggle = screen.getByRole('button', { name: /Live one/ });
    expect(toggle).toHaveTextContent('4 questions');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Team Pulse')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Public link' })).toHaveValue(
      `${window.location.origin}${paths.publicSurvey.survey.getHref(active)}`,
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for Live one' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pause', 'Close']);
    expect(within(actions).getByRole('link', { name: /Edit/ })).toHaveAttribute(
      'href',
      paths.user.editSurvey.getHref(active),
    );
  });

  it('offers no Copy for a draft', async () => {
    const user = renderDashboard([summary('draft', { title: 'Drafty' })]);
    await user.click(screen.getByRole('button', { name: /Drafty/ }));
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions for Drafty' });
    expect(within(actions).getByRole('button', { name: /Launch/ })).not.toHaveAttribute('aria-disabled');
  });

  it('at 2 active surveys blocks Launch and Resume with the limit message and warns', async () => {
    const user = renderDashboard([
      summary('active'),
      summary('active'),
      summary('draft', { title: 'Waiting' }),
      summary('paused', { title: 'Resting' }),
    ]);
    expect(screen.getByText(/Pause or close a survey before launching more/)).toBeInTheDocument();
    const create = screen.getByRole('link', { name: /Create New Survey/ });
    expect(create).toHaveAccessibleDescription(/Pause or close a survey before launching more/);

    await user.click(screen.getByRole('button', { name: /Waiting/ }));
    const launch = screen.getByRole('button', { name: /Launch/ });
    expect(launch).toHaveAttribute('aria-disabled', 'true');
    expect(launch).toHaveAccessibleDescription(SURVEY_MESSAGES.activeLimit);

    await user.click(screen.getByRole('button', { name: /Resting/ }));
    const resume = screen.getByRole('button', { name: /Resume/ });
    expect(resume).toHaveAttribute('aria-disabled', 'true');
    expect(resume).toHaveAccessibleDescription(SURVEY_MESSAGES.activeLimit);
  });
});
