import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseRow, ResultsResponse, Survey } from '@quorum/contract';
import { makeQuestionResult, makeResponseRow, makeResults } from '@test/support/results';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { makeSurvey } from '@test/support/surveys';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { startDownload } from '@/lib/download';
import { localDayStart } from '../lib/results-filter';
import { ResultsPage } from './results-page';

vi.mock('@/lib/download', () => ({ startDownload: vi.fn() }));

const stat = (answer: string, count: number) => ({ answer, count, percentage: 0 });

const questions = [
  makeQuestionResult({
    id: 'q1',
    type: 'multiple_choice',
    text: 'Colour?',
    answeredCount: 10,
    seenCount: 10,
    statistics: [stat('Blue', 6), stat('Red', 4)],
  }),
  makeQuestionResult({ id: 'q2', type: 'text', text: 'Why blue?', required: false }),
  makeQuestionResult({
    id: 'q3',
    type: 'rating',
    text: 'Score?',
    required: false,
    ratingScale: { min: 1, max: 5, labels: {} },
    statistics: [1, 2, 3, 4, 5].map((n) => stat(String(n), 0)),
  }),
];

/** The survey as GET /api/surveys/:id has it: answering Red goes straight to Q3, so Q2 is never shown. */
const survey: Survey = makeSurvey({
  questions: [
    {
      id: 'q1',
      type: 'multiple_choice',
      text: 'Colour?',
      options: ['Blue', 'Red'],
      logic: [{ when: { operator: 'equals', value: 'Red' }, goTo: 'q3' }],
    },
    { id: 'q2', type: 'text', text: 'Why blue?', options: [], required: false },
    { id: 'q3', type: 'rating', text: 'Score?', options: [], required: false, ratingScale: { min: 1, max: 5 } },
  ] as Survey['questions'],
});

const row: ResponseRow = makeResponseRow({
  responseId: 'r1',
  answers: { q1: 'Red' },
  hiddenFields: { source: 'newsletter' },
  durationSeconds: 95,
  flags: ['duplicate'],
});

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * The API as the screen uses it, recording every call; `results` answers GET …/results, and the survey is the
 * caller's with `role` in its workspace.
 */
function mockApi(results: ResultsResponse, { live = false, role = survey.role } = {}) {
  const calls: Call[] = [];
  let announce = () => {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
    const path = url.pathname;
    if (path === '/api/surveys/s1/results/stream') {
      if (!live) return new Response(null, { status: 404 });
      // Ready at once; a "response" event each time the test calls `announce`.
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream({
          start: (controller) => {
            controller.enqueue(encoder.encode('event: ready\ndata: {"surveyId":"s1","totalResponses":10}\n\n'));
            announce = () =>
              controller.enqueue(encoder.encode('event: response\ndata: {"surveyId":"s1","totalResponses":11}\n\n'));
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    }
    if (path === '/api/surveys/s1/results') return json(results);
    if (path === '/api/surveys/s1/responses') return json({ responses: [row], nextCursor: null });
    if (path === '/api/surveys/s1/responses/r1' && method === 'DELETE') return new Response(null, { status: 204 });
    if (path === '/api/surveys/s1/responses/r1') return json(row);
    if (path === '/api/surveys/s1') return json({ ...survey, role });
    if (path === '/api/surveys/s1/results/export-link') {
      return json({ url: '/api/surveys/s1/results.xlsx?token=t', expiresAt: '2026-03-01T10:01:00.000Z' });
    }
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  const resultsCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/surveys/s1/results');
  return { calls, resultsCalls, announce: () => announce() };
}

const data = makeResults({
  title: 'Café survey',
  totalResponses: 10,
  matchingResponses: 3,
  questions,
  hiddenFields: ['source'],
  timeline: [{ date: '2026-03-02', count: 3 }],
  funnel: {
    views: 20,
    starts: 15,
    completions: 10,
    completionRate: 50,
    medianCompletionSeconds: 80,
    dropOff: [{ questionId: 'q1', reached: 15, answered: 12 }],
  },
  responses: [row],
});

const FILTERS = JSON.stringify([{ questionId: 'q1', operator: 'equals', value: 'Red' }]);

function renderPage(search = '', user = makeUser('user')) {
  const route = user.type === 'admin' ? paths.admin.surveyResults : paths.user.surveyResults;
  return renderRoutes([{ path: route.path, Component: ResultsPage }], {
    path: `${route.getHref({ surveyId: 's1' })}${search}`,
    user,
  });
}

beforeEach(() => vi.mocked(startDownload).mockClear());
afterEach(() => vi.restoreAllMocks());

describe('the results filter', { timeout: 30_000 }, () => {
  it('says how many responses match in German and in Arabic (right to left, its own plural forms)', async () => {
    await i18n.changeLanguage('de');
    mockApi(data);
    const { unmount } = renderPage(`?filters=${encodeURIComponent(FILTERS)}`);
    expect(await screen.findByTestId('matching-responses')).toHaveTextContent('3 von 10 Antworten passen');
    expect(screen.getByRole('heading', { name: 'Antworten filtern' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Tabelle' })).toBeVisible();
    unmount();

    await i18n.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    renderPage(`?filters=${encodeURIComponent(FILTERS)}`);
    expect(await screen.findByTestId('matching-responses')).toHaveTextContent(/ ردود مطابقة$/);
  });

  it('sends the filter of the address, with the viewer’s time zone, and says how many responses match', async () => {
    const api = mockApi(data);
    renderPage(`?from=2026-03-01&to=2026-03-31&filters=${encodeURIComponent(FILTERS)}&hideFlagged=true`);
    expect(await screen.findByTestId('matching-responses')).toHaveTextContent('3 of 10 responses match');
    const query = api.resultsCalls()[0]!.url.searchParams;
    expect(query.get('from')).toBe(localDayStart('2026-03-01'));
    expect(query.get('to')).toBe(localDayStart('2026-04-01'));
    expect(JSON.parse(query.get('filters')!)).toEqual(JSON.parse(FILTERS));
    expect(query.get('hideFlagged')).toBe('true');
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByText('Downloads include only the matching responses.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Active conditions' })).toHaveTextContent('Q1: Colour? is "Red"');
    expect(screen.getByLabelText('Hide flagged')).toBeChecked();
    // The print header says the filter in words.
    expect(screen.getByTestId('print-header')).toHaveTextContent(/Filters: From .*; Q1: Colour\? is "Red"; Flagged/);
  });

  it('builds the query from the bar, keeps it in the address, and clears it', async () => {
    const api = mockApi({ ...data, matchingResponses: 10 });
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Café survey' });
    expect(screen.getByTestId('matching-responses')).toHaveTextContent('');
    expect(api.resultsCalls()[0]!.url.searchParams.has('filters')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Answered'), 'Q1: Colour?');
    expect(
      within(screen.getByLabelText('Condition'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['is', 'is not', 'is answered', 'is skipped']);
    await user.selectOptions(screen.getByLabelText('Value'), 'Blue');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(api.resultsCalls().at(-1)!.url.searchParams.get('filters')).toBeTruthy());
    expect(JSON.parse(api.resultsCalls().at(-1)!.url.searchParams.get('filters')!)).toEqual([
      { questionId: 'q1', operator: 'equals', value: 'Blue' },
    ]);
    expect(new URLSearchParams(router.state.location.search).get('filters')).toBe(
      JSON.stringify([{ questionId: 'q1', operator: 'equals', value: 'Blue' }]),
    );

    // A rating compares numbers; "is more than 3" goes as a number.
    await user.selectOptions(screen.getByLabelText('Answered'), 'Q3: Score?');
    await user.selectOptions(screen.getByLabelText('Condition'), 'is more than');
    await user.type(screen.getByLabelText('Value'), '3');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    // A hidden field equals a value.
    await user.selectOptions(screen.getByLabelText('Answered'), 'source (hidden field)');
    await user.type(screen.getByLabelText('Value'), 'newsletter');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(screen.getByLabelText('Hide flagged'));
    await waitFor(() => expect(api.resultsCalls().at(-1)!.url.searchParams.get('hideFlagged')).toBe('true'));
    expect(JSON.parse(api.resultsCalls().at(-1)!.url.searchParams.get('filters')!)).toEqual([
      { questionId: 'q1', operator: 'equals', value: 'Blue' },
      { questionId: 'q3', operator: 'greater_than', value: 3 },
      { hiddenField: 'source', value: 'newsletter' },
    ]);

    // Removing one condition, then clearing everything.
    await user.click(screen.getByRole('button', { name: 'Remove filter: Q1: Colour? is "Blue"' }));
    await waitFor(() =>
      expect(JSON.parse(api.resultsCalls().at(-1)!.url.searchParams.get('filters')!)).toHaveLength(2),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The unfiltered results were read at the start and are still fresh in the cache.
    expect(screen.queryByRole('list', { name: 'Active conditions' })).toBeNull();
    expect(screen.getByLabelText('Hide flagged')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('sends a date range as the start of the first day to the start of the day after the last', async () => {
    const api = mockApi(data);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Café survey' });
    // Date inputs take a whole date at once (typing into one is not how browsers fill them in jsdom).
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    await waitFor(() =>
      expect(api.resultsCalls().at(-1)!.url.searchParams.get('to')).toBe(localDayStart('2026-03-03')),
    );
    expect(api.resultsCalls().at(-1)!.url.searchParams.get('from')).toBe(localDayStart('2026-03-02'));
    // The table's pages are asked with the same filter.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Table View' }));
    await screen.findByRole('table', { name: 'Responses, newest first' });
    const pageCall = api.calls.filter((c) => c.url.pathname === '/api/surveys/s1/responses').at(-1)!;
    expect(pageCall.url.searchParams.get('from')).toBe(localDayStart('2026-03-02'));
  });

  it('says when no response matches, with a way back', async () => {
    mockApi({ ...data, matchingResponses: 0 });
    renderPage('?hideFlagged=true');
    expect(await screen.findByRole('heading', { name: 'No responses match these filters' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(2);
  });
});

describe('live updates', { timeout: 30_000 }, () => {
  it('read the filtered results again when a response arrives', async () => {
    const api = mockApi(data, { live: true });
    renderPage('?hideFlagged=true');
    await screen.findByRole('heading', { level: 1, name: 'Café survey' });
    expect(await screen.findByText('Live')).toBeVisible();
    const before = api.resultsCalls().length;
    act(() => api.announce());
    await waitFor(() => expect(api.resultsCalls().length).toBeGreaterThan(before));
    expect(api.resultsCalls().every((c) => c.url.searchParams.get('hideFlagged') === 'true')).toBe(true);
  });
});

describe('the statistics view', { timeout: 30_000 }, () => {
  it('draws the timeline and the funnel above the questions, and prints', async () => {
    mockApi({ ...data, matchingResponses: 10 });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByRole('figure', { name: 'Responses over time' })).toHaveTextContent('3 responses on');
    expect(screen.getByRole('figure', { name: 'Funnel' })).toHaveTextContent('Completion rate 50%');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print / Save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });
});

describe('response detail', { timeout: 30_000 }, () => {
  it('opens a response from the table: answers, skipped and not shown questions, hidden fields, flags', async () => {
    mockApi(data);
    const user = userEvent.setup();
    const { router } = renderPage('?view=table');
    await user.click(await screen.findByRole('button', { name: 'View response r1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    expect(new URLSearchParams(router.state.location.search).get('response')).toBe('r1');
    const items = within(within(dialog).getByRole('region', { name: 'Answers' })).getAllByRole('listitem');
    await waitFor(() => expect(items[1]).toHaveTextContent('Not shown'));
    expect(items.map((li) => li.textContent)).toEqual([
      'Q1: Colour?Red',
      'Q2: Why blue?Not shown',
      'Q3: Score?Skipped',
    ]);
    expect(within(dialog).getByRole('region', { name: 'Hidden fields' })).toHaveTextContent('sourcenewsletter');
    expect(dialog).toHaveTextContent('1 min 35 s');
    expect(within(dialog).getByRole('list', { name: 'Flags' })).toHaveTextContent(
      'Duplicate — Gave the same text answers as an earlier response.',
    );
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?view=table');
    // A click anywhere on the row opens it too.
    await user.click(screen.getByRole('cell', { name: 'newsletter' }));
    expect(await screen.findByRole('dialog', { name: 'Response' })).toBeVisible();
  });

  it('deletes a response after the owner confirms, then reads the results again', async () => {
    const api = mockApi(data);
    const user = userEvent.setup();
    renderPage('?view=table&response=r1');
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await within(dialog).findByText('Red');
    await user.click(within(dialog).getByRole('button', { name: 'Delete response' }));
    expect(within(dialog).getByText('Delete this response? This cannot be undone.')).toBeVisible();
    // Cancel first: nothing is deleted.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete response' }));
    const before = api.resultsCalls().length;
    const pages = () => api.calls.filter((c) => c.url.pathname === '/api/surveys/s1/responses').length;
    const pagesBefore = pages();
    const confirm = within(dialog).getByRole('button', { name: 'Delete response' });
    expect(confirm).toHaveFocus();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/surveys/s1/responses/r1',
    ]);
    expect(await screen.findByText('Response deleted')).toBeVisible();
    await waitFor(() => expect(api.resultsCalls().length).toBeGreaterThan(before));
    await waitFor(() => expect(pages()).toBeGreaterThan(pagesBefore));
  });

  it('offers no deletion to an administrator', async () => {
    mockApi(data);
    renderPage('?view=table&response=r1', makeUser('admin'));
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await within(dialog).findByText('Red');
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe("a workspace's viewer", { timeout: 30_000 }, () => {
  it('is offered no sharing and no deletion, and the screen never asks for the shared link', async () => {
    const api = mockApi(data, { role: 'viewer' });
    renderPage('?response=r1');
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await within(dialog).findByText('Red');
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share results' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls.some((c) => c.url.pathname.endsWith('/results/share'))).toBe(false);
  });
});

describe('downloads', { timeout: 30_000 }, () => {
  it('asks for a link in the chosen format, with the filter, and follows it', async () => {
    const api = mockApi(data);
    const user = userEvent.setup();
    renderPage('?hideFlagged=true');
    await user.click(await screen.findByRole('button', { name: 'Download Excel (.xlsx)' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/surveys/s1/results.xlsx?token=t'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledTimes(2));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { format: 'xlsx', hideFlagged: true },
      { format: 'csv', hideFlagged: true },
    ]);
  });
});

describe('accessibility', { timeout: 30_000 }, () => {
  it('passes axe with filters on and with a response open', async () => {
    mockApi(data);
    const { container } = renderPage(`?view=table&hideFlagged=true&filters=${encodeURIComponent(FILTERS)}`);
    await screen.findByRole('table', { name: 'Responses, newest first' });
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(container, rules)).violations).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View response r1' }));
    await screen.findByRole('dialog', { name: 'Response' });
    await act(async () => {});
    expect((await axe.run(document.body, rules)).violations).toEqual([]);
  });
});
