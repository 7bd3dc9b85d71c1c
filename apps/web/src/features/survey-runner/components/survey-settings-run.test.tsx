import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, PUBLIC_MESSAGES, type PublicSurvey } from '@quorum/contract';
import { ApiError } from '@/lib/api-client';
import { getPublicSurvey } from '../api/get-public-survey';
import { submitResponse } from '../api/submit-response';
import { leavePage } from '../lib/leave-page';
import { formatOpening } from '../lib/opening-time';
import { thankYouFor } from '../lib/thank-you-handoff';
import { SurveyRunner } from './survey-runner';
import { ThankYou } from './thank-you';
import { makePublicSurvey } from '@test/support/surveys';

vi.mock('../api/get-public-survey', () => ({ getPublicSurvey: vi.fn() }));
vi.mock('../api/submit-response', () => ({ submitResponse: vi.fn() }));
vi.mock('../lib/leave-page', () => ({ leavePage: vi.fn() }));

const navigate = vi.fn();

const survey = (settings: Partial<PublicSurvey> = {}) => makePublicSurvey({ title: 'Lunch survey', ...settings });

function open(settings: Partial<PublicSurvey> = {}) {
  vi.mocked(getPublicSurvey).mockResolvedValue(survey(settings));
  return render(<SurveyRunner projectId="p" surveyId="s1" navigate={navigate} />);
}

async function answerAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Your favourite dish?' }), 'Soup');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const sentBody = () => {
  expect(submitResponse).toHaveBeenCalledTimes(1);
  return vi.mocked(submitResponse).mock.calls[0]![1];
};

beforeEach(() => {
  vi.mocked(getPublicSurvey).mockReset();
  vi.mocked(submitResponse).mockReset();
  vi.mocked(submitResponse).mockResolvedValue({ responseId: 'r1' });
  vi.mocked(leavePage).mockReset();
  navigate.mockReset();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/projects/p/surveys/s1');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a survey that opens later', () => {
  it('says when it opens, in the respondent’s locale with the time zone, and shows no questions', async () => {
    const opensAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    open({ opensAt });
    const text = `This survey opens on ${formatOpening(opensAt)}`;
    expect(await screen.findByText(text)).toBeVisible();
    expect(formatOpening(opensAt)).toMatch(/\d{4}/);
    expect(formatOpening('2026-12-01T09:00:00Z', 'en-US')).toMatch(/December 1, 2026.*(AM|PM).*\S/);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('opens by itself at its opening time, with no reload', async () => {
    open({ opensAt: new Date(Date.now() + 400).toISOString() });
    expect(await screen.findByText(/This survey opens on/)).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' }, { timeout: 3000 })).toBeVisible();
  });

  it('shows the server’s "not open yet" with the opening time in the respondent’s locale', async () => {
    const opensAt = '2030-01-02T03:04:00.000Z';
    vi.mocked(submitResponse).mockRejectedValue(
      new ApiError(403, `This survey opens on ${opensAt}`, 'SURVEY_NOT_OPEN_YET', { params: { opensAt } }),
    );
    open();
    await answerAndSubmit();
    await screen.findByText(PUBLIC_MESSAGES.submitFailed);
    expect(document.body).toHaveTextContent(`This survey opens on ${formatOpening(opensAt)}.`);
    expect(document.body).not.toHaveTextContent(opensAt);
  });

  it('once its opening time has passed, is an ordinary survey', async () => {
    open({ opensAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' })).toBeVisible();
  });
});

describe('the welcome screen', () => {
  it('comes before the first question, with its own button label; the button moves focus to the question', async () => {
    open({ welcome: { title: 'Welcome, diners', text: 'Two minutes, promised.', buttonLabel: 'Let’s go' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, diners' })).toBeVisible();
    expect(screen.getByText('Two minutes, promised.')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Let’s go' }));
    expect(screen.getByRole('heading', { level: 2, name: /Your favourite dish\?/ })).toHaveFocus();
  });

  it('says "Start" when no label is set, and is not shown again after a reload past it', async () => {
    const view = open({ welcome: { title: 'Welcome', text: null, buttonLabel: null } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start' }));
    view.unmount();
    open({ welcome: { title: 'Welcome', text: null, buttonLabel: null } });
    expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('is not there without one: the first question comes first, as before', async () => {
    open();
    expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' })).toBeVisible();
  });
});

describe('hidden fields', () => {
  it('sends the declared keys from the link’s query, each cut to 500 characters; nothing else', async () => {
    window.history.replaceState(null, '', `/projects/p/surveys/s1?source=newsletter&campaign=${'x'.repeat(600)}&x=1`);
    open({ hiddenFields: ['source', 'campaign', 'absent'] });
    await answerAndSubmit();
    await waitFor(() =>
      expect(sentBody()).toEqual({
        answers: [{ questionId: 'q', answer: 'Soup' }],
        hiddenFields: { source: 'newsletter', campaign: 'x'.repeat(500) },
        language: 'en',
      }),
    );
  });

  it('are kept with the saved progress: a reload without the query still sends them', async () => {
    window.history.replaceState(null, '', '/projects/p/surveys/s1?source=newsletter');
    const view = open({ hiddenFields: ['source'] });
    await userEvent.setup().type(await screen.findByRole('textbox', { name: 'Your favourite dish?' }), 'So');
    view.unmount();
    window.history.replaceState(null, '', '/projects/p/surveys/s1');
    open({ hiddenFields: ['source'] });
    await answerAndSubmit();
    await waitFor(() => expect(sentBody().hiddenFields).toEqual({ source: 'newsletter' }));
  });

  it('are not sent by a survey that declares none, even when the link has a query', async () => {
    window.history.replaceState(null, '', '/projects/p/surveys/s1?source=newsletter');
    open();
    await answerAndSubmit();
    await waitFor(() => expect(sentBody()).toEqual({ answers: [{ questionId: 'q', answer: 'Soup' }], language: 'en' }));
  });
});

describe('one response per browser', () => {
  it('sends a random respondent id kept for the survey, then says so on return instead of the questions', async () => {
    const view = open({ oneResponsePerBrowser: true });
    await answerAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/projects/p/surveys/s1/thank-you'));
    const { respondentId } = sentBody();
    expect(respondentId).toMatch(/^[a-f0-9]{32}$/);
    view.unmount();
    open({ oneResponsePerBrowser: true });
    expect(await screen.findByText(ERROR_MESSAGES.ALREADY_RESPONDED)).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the same id for a second try after a failure', async () => {
    vi.mocked(submitResponse).mockRejectedValueOnce(new ApiError(0, 'Could not reach the server', 'NETWORK', null));
    open({ oneResponsePerBrowser: true });
    await answerAndSubmit();
    await screen.findByText(PUBLIC_MESSAGES.submitFailed);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitResponse).toHaveBeenCalledTimes(2));
    const [first, second] = vi.mocked(submitResponse).mock.calls.map(([, body]) => body.respondentId);
    expect(first).toMatch(/^[a-f0-9]{32}$/);
    expect(second).toBe(first);
  });

  it('shows the server’s 409 as the same message, and remembers it', async () => {
    vi.mocked(submitResponse).mockRejectedValue(
      new ApiError(409, ERROR_MESSAGES.ALREADY_RESPONDED, 'ALREADY_RESPONDED', null),
    );
    const view = open({ oneResponsePerBrowser: true });
    await answerAndSubmit();
    expect(await screen.findByText(ERROR_MESSAGES.ALREADY_RESPONDED)).toBeVisible();
    expect(navigate).not.toHaveBeenCalled();
    view.unmount();
    open({ oneResponsePerBrowser: true });
    expect(await screen.findByText(ERROR_MESSAGES.ALREADY_RESPONDED)).toBeVisible();
  });

  it('sends no id and keeps no mark when the survey does not ask for it', async () => {
    const view = open();
    await answerAndSubmit();
    await waitFor(() => expect(sentBody().respondentId).toBeUndefined());
    view.unmount();
    open();
    expect(await screen.findByRole('textbox', { name: 'Your favourite dish?' })).toBeVisible();
  });
});

describe('the thank-you screen', () => {
  it('is handed the survey’s own screen at submit', async () => {
    const thankYou = { title: 'Merci!', text: null, redirectUrl: 'https://example.com/next' };
    open({ thankYou });
    await answerAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(thankYouFor('s1')).toEqual(thankYou);
  });

  it('keeps the specification’s texts by default, and the "Powered by" promotion', () => {
    render(<ThankYou />);
    expect(screen.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.thankYouTitle })).toBeVisible();
    expect(screen.getByText(PUBLIC_MESSAGES.thankYouBody)).toBeVisible();
    expect(screen.getByText('Powered by')).toBeVisible();
  });

  it('shows the survey’s title and text when set, each replacing only its own default', () => {
    const { unmount } = render(<ThankYou screen={{ title: 'Merci!', text: null, redirectUrl: null }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Merci!' })).toBeVisible();
    expect(screen.getByText(PUBLIC_MESSAGES.thankYouBody)).toBeVisible();
    unmount();
    render(<ThankYou screen={{ title: null, text: 'See you soon.', redirectUrl: null }} />);
    expect(screen.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.thankYouTitle })).toBeVisible();
    expect(screen.getByText('See you soon.')).toBeVisible();
    expect(screen.getByText('Powered by')).toBeVisible();
  });

  it('redirects after a visible three-second pause, announced politely, with "Continue now"', () => {
    vi.useFakeTimers();
    render(<ThankYou screen={{ title: null, text: null, redirectUrl: 'https://example.com/next?a=1' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('You will be taken to example.com in a few seconds.');
    expect(screen.getByRole('link', { name: 'Continue now' })).toHaveAttribute('href', 'https://example.com/next?a=1');
    expect(screen.getByText('3…')).toBeVisible();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('1…')).toBeVisible();
    expect(leavePage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(leavePage).toHaveBeenCalledTimes(1);
    expect(leavePage).toHaveBeenCalledWith('https://example.com/next?a=1');
  });

  it('never follows anything but http(s)', () => {
    vi.useFakeTimers();
    render(<ThankYou screen={{ title: null, text: null, redirectUrl: 'javascript:alert(1)' }} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(leavePage).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Continue now' })).toBeNull();
  });

  it.each([
    'https:evil.example',
    'http:\\\\evil.example',
    'https://a@evil.example',
    'https://evil.example\\@good.example',
  ])('never follows %j, which a browser reads as another host than it shows (the server’s rule)', (redirectUrl) => {
    vi.useFakeTimers();
    render(<ThankYou screen={{ title: null, text: null, redirectUrl }} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(leavePage).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Continue now' })).toBeNull();
    sessionStorage.setItem('quorum.thank-you.s1', JSON.stringify({ title: 'T', text: null, redirectUrl }));
    expect(thankYouFor('s1')).toEqual({ title: 'T', text: null, redirectUrl: null });
  });

  it('drops a stored redirect that is not http(s)', () => {
    sessionStorage.setItem(
      'quorum.thank-you.s1',
      JSON.stringify({ title: 'T', text: 5, redirectUrl: 'data:text/html,hi' }),
    );
    expect(thankYouFor('s1')).toEqual({ title: 'T', text: null, redirectUrl: null });
    expect(thankYouFor('other')).toBeNull();
  });
});
