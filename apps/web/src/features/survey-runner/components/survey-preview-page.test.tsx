import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_MESSAGES, type PublicSurvey, type Question } from '@quorum/contract';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { getSurveyPreview } from '../api/get-survey-preview';
import { submitResponse } from '../api/submit-response';
import { leavePage } from '../lib/leave-page';
import { hasResponded } from '../lib/respondent';
import { SurveyPreviewPage } from './survey-preview-page';

vi.mock('../api/get-survey-preview', () => ({ getSurveyPreview: vi.fn() }));
vi.mock('../api/submit-response', () => ({ submitResponse: vi.fn() }));
vi.mock('../lib/leave-page', () => ({ leavePage: vi.fn() }));

const saved: PublicSurvey = {
  surveyId: 's1',
  projectId: 'p',
  title: 'Saved title',
  brandingImageUrl: null,
  questions: [{ id: 'q', text: 'Your favourite dish?', type: 'text', options: [] }],
  opensAt: new Date(Date.now() + 86_400_000).toISOString(),
  closesAt: null,
  oneResponsePerBrowser: true,
  hiddenFields: ['source'],
  welcome: { title: 'Welcome', text: null, buttonLabel: null },
  thankYou: { title: 'Merci!', text: null, redirectUrl: 'https://example.com/after' },
  language: 'en',
  languages: ['en'],
};

function openPage(path: string) {
  const router = createMemoryRouter([{ path: paths.surveyPreview.path, element: <SurveyPreviewPage /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

beforeEach(() => {
  vi.mocked(getSurveyPreview).mockReset();
  vi.mocked(submitResponse).mockReset();
  vi.mocked(leavePage).mockReset();
  sessionStorage.clear();
});

describe('the survey preview', () => {
  it('runs the saved survey in the real runner under the bar, in any state, and records nothing', async () => {
    vi.mocked(getSurveyPreview).mockResolvedValue(saved);
    const { container } = openPage('/surveys/s1/preview');
    const bar = await screen.findByRole('complementary', { name: 'Preview' });
    expect(bar).toHaveTextContent('Preview — answers are not recorded');
    expect(getSurveyPreview).toHaveBeenCalledWith('s1', undefined, expect.anything());
    // Its opening time ahead does not hide the questions from their author.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.type(screen.getByRole('textbox', { name: 'Your favourite dish?' }), 'Soup');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci!' })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'Preview' })).toHaveTextContent(
      'Preview — answers are not recorded',
    );
    expect(screen.getByText('Respondents continue to example.com after 3 seconds.')).toBeVisible();
    expect(submitResponse).not.toHaveBeenCalled();
    expect(hasResponded('s1')).toBe(false);
    expect(localStorage.length).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leavePage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeVisible();
  });

  it('shows the unsaved version handed over by the editor, again after a reload', async () => {
    const draft = { ...saved, title: 'Unsaved title', welcome: null, opensAt: null };
    localStorage.setItem('quorum:preview:t1', JSON.stringify(draft));
    const first = openPage('/surveys/new/preview?draft=t1');
    expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' })).toBeVisible();
    expect(screen.getByText('Unsaved title')).toBeVisible();
    expect(getSurveyPreview).not.toHaveBeenCalled();
    first.unmount();
    openPage('/surveys/new/preview?draft=t1');
    expect(await screen.findByText('Unsaved title')).toBeVisible();
  });

  it('says so when the handed-over version is gone', async () => {
    openPage('/surveys/s1/preview?draft=gone');
    expect(await screen.findByRole('heading', { name: 'This preview is no longer available' })).toBeVisible();
    expect(getSurveyPreview).not.toHaveBeenCalled();
  });

  it('says "Survey not found" for a survey that is not the visitor’s (404)', async () => {
    vi.mocked(getSurveyPreview).mockRejectedValue(new ApiError(404, 'Survey not found', 'SURVEY_NOT_FOUND', null));
    openPage('/surveys/other/preview');
    expect(await screen.findByRole('heading', { name: PUBLIC_MESSAGES.notFound })).toBeVisible();
  });

  it('offers a retry when loading fails', async () => {
    vi.mocked(getSurveyPreview).mockRejectedValueOnce(new ApiError(0, 'Could not reach the server', 'NETWORK', null));
    vi.mocked(getSurveyPreview).mockResolvedValueOnce({ ...saved, welcome: null });
    openPage('/surveys/s1/preview');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your favourite dish?' })).toBeVisible());
  });

  it('switches between the survey’s languages where the author is, in the address and the interface', async () => {
    const day: Question = {
      id: 'day',
      text: 'Which day?',
      type: 'multiple_choice',
      options: ['Friday', 'Saturday'],
      allowOther: true,
    };
    const more: Question = { id: 'more', text: 'Anything else?', type: 'text', options: [] };
    const english: PublicSurvey = {
      ...saved,
      welcome: null,
      opensAt: null,
      questions: [day, more],
      languages: ['en', 'de'],
    };
    const german: PublicSurvey = {
      ...english,
      title: 'Gespeicherter Titel',
      questions: [
        { ...day, text: 'Welcher Tag?', options: ['Freitag', 'Samstag'] },
        { ...more, text: 'Noch etwas?' },
      ],
      language: 'de',
    };
    vi.mocked(getSurveyPreview).mockImplementation(async (_id, lang) => (lang === 'de' ? german : english));
    const { router } = openPage('/surveys/s1/preview');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Saturday' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcher Tag?' })).toBeVisible();
    expect(getSurveyPreview).toHaveBeenLastCalledWith('s1', 'de', expect.anything());
    expect(screen.getByRole('radio', { name: 'Samstag' })).toBeChecked();
    expect(router.state.location.search).toBe('?lang=de');
    // The preview's interface speaks the survey's language for this tab only.
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(localStorage.getItem('quorum.language')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Noch etwas?' })).toBeVisible();
  });

  it('opens in the language of its address; a draft has no languages to switch to', async () => {
    vi.mocked(getSurveyPreview).mockResolvedValue({ ...saved, languages: ['en', 'de'] });
    const first = openPage('/surveys/s1/preview?lang=de');
    await screen.findByRole('button', { name: 'Start' });
    expect(getSurveyPreview).toHaveBeenCalledWith('s1', 'de', expect.anything());
    first.unmount();
    localStorage.setItem('quorum:preview:t2', JSON.stringify({ ...saved, languages: ['en', 'de'] }));
    openPage('/surveys/s1/preview?draft=t2');
    await screen.findByRole('button', { name: 'Start' });
    // The interface's own menu, not the survey's languages.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'English',
      'Deutsch',
      'Español',
      'العربية',
    ]);
  });
});
