import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { OTHER_LABEL, SHARED_RESULTS_REFRESH_SECONDS, type QuestionResult, type SharedResults } from '@quorum/contract';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { renderRoutes } from '@test/support/render-shell';
import { SharedResultsPage } from './shared-results-page';

const question = (fields: Partial<QuestionResult> & Pick<QuestionResult, 'id' | 'type' | 'text'>): QuestionResult => ({
  isDeleted: false,
  required: true,
  answeredCount: 3,
  seenCount: 4,
  statistics: [],
  ...fields,
});

function report(fields: Partial<SharedResults> = {}): SharedResults {
  return {
    title: 'Team lunch',
    state: 'active',
    totalResponses: 4,
    includeTextAnswers: true,
    timeZone: 'Europe/Paris',
    timeline: [{ date: '2026-03-01', count: 4 }],
    funnel: { views: 9, starts: 6, completions: 4, completionRate: 44.4, medianCompletionSeconds: 62, dropOff: [] },
    questions: [
      question({
        id: 'drink',
        type: 'multiple_choice',
        text: 'Favourite drink?',
        allowOther: true,
        statistics: [
          { answer: 'Tea', count: 2, percentage: 66.7 },
          { answer: OTHER_LABEL, count: 1, percentage: 33.3 },
        ],
        textAnswers: ['Mate'],
      }),
      question({ id: 'better', type: 'text', text: 'What could we do better?', textAnswers: ['More chairs', 'Music'] }),
      question({ id: 'mail', type: 'email', text: 'Your email?' }),
    ],
    generatedAt: '2026-03-02T09:30:00.000Z',
    ...fields,
  };
}

const TOKEN = 'tok_abc';

/** The shared report's endpoint: `answer` for every read; every request is recorded. */
function mockReport(answer: () => Response) {
  const requests: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    return url.pathname === `/api/shared/results/${TOKEN}` ? answer() : new Response('{}', { status: 404 });
  });
  return requests;
}

const notFound = () =>
  new Response(
    JSON.stringify({
      message: 'This shared report does not exist or is no longer shared',
      code: 'SHARED_RESULTS_NOT_FOUND',
    }),
    { status: 404 },
  );

function renderPage() {
  return renderRoutes([{ path: paths.sharedResults.path, Component: SharedResultsPage }], {
    path: paths.sharedResults.getHref({ token: TOKEN }),
  });
}

describe('the shared report', { timeout: 30_000 }, () => {
  it('shows the statistics read-only, in the viewer’s time zone, and no individual responses', async () => {
    const requests = mockReport(() => Response.json(report()));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible();
    expect(screen.getByText('Read-only report')).toBeVisible();
    expect(screen.getByTestId('total-responses')).toHaveTextContent('4');
    expect(screen.getByText('Last updated').parentElement).toHaveTextContent(/Mar 2, 2026/);
    await waitFor(() => expect(document.title).toBe('Shared results: Team lunch · Quorum'));

    const drink = screen.getByRole('region', { name: /Favourite drink\?/ });
    expect(within(drink).getByRole('rowheader', { name: 'Tea' })).toBeVisible();
    expect(within(drink).getByRole('list', { name: `Latest "${OTHER_LABEL}" answers` })).toHaveTextContent('Mate');
    const better = screen.getByRole('region', { name: /What could we do better\?/ });
    expect(
      within(within(better).getByRole('list', { name: 'Latest answers' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['More chairs', 'Music']);
    const mail = screen.getByRole('region', { name: /Your email\?/ });
    expect(within(mail).getByText('Email addresses are not included in this report.')).toBeVisible();

    // Only the report was read (no responses, no insights), with the viewer's time zone.
    expect(requests.map((u) => u.pathname)).toEqual([`/api/shared/results/${TOKEN}`]);
    expect(requests[0]!.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    // No owner's or signed-in actions, no app navigation, no responses table.
    expect(screen.queryByRole('button', { name: /Share results|Download|Delete/ })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Responses, newest first' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Response ID' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
  });

  it('says that text answers are not included when the owner left them out', async () => {
    mockReport(() =>
      Response.json(
        report({
          includeTextAnswers: false,
          questions: report().questions.map(({ textAnswers: _left, ...q }) => q),
        }),
      ),
    );
    renderPage();
    const better = await screen.findByRole('region', { name: /What could we do better\?/ });
    expect(within(better).getByText('Text answers are not included in this report.')).toBeVisible();
    expect(within(better).queryByRole('list')).toBeNull();
    const drink = screen.getByRole('region', { name: /Favourite drink\?/ });
    expect(within(drink).getByText('Text answers are not included in this report.')).toBeVisible();
  });

  it('shows the newest texts a few at a time, saying when there are more answers than the report holds', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `Answer ${i + 1}`);
    mockReport(() =>
      Response.json(
        report({
          questions: [question({ id: 'better', type: 'text', text: 'Why?', answeredCount: 80, textAnswers: texts })],
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const region = await screen.findByRole('region', { name: /Why\?/ });
    expect(within(region).getByText('The newest 12 of 80 answers.')).toBeVisible();
    const list = within(region).getByRole('list', { name: 'Latest answers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(region).getByRole('button', { name: 'Show more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(region).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so while nobody has answered', async () => {
    mockReport(() => Response.json(report({ totalResponses: 0, questions: [] })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeVisible();
  });

  it('is read again every few seconds while open, and no more once the link is gone', async () => {
    mockReport(() => Response.json(report()));
    const { queryClient } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    const query = queryClient.getQueryCache().findAll({ queryKey: ['shared-results', TOKEN] })[0]!;
    const { refetchInterval: interval } = query.options as { refetchInterval: (q: typeof query) => number | false };
    expect(SHARED_RESULTS_REFRESH_SECONDS).toBeGreaterThan(0);
    expect(interval(query)).toBe(SHARED_RESULTS_REFRESH_SECONDS * 1000);

    // The owner revokes the link while the page is open: the next read is a 404, and the page says so.
    vi.mocked(globalThis.fetch).mockImplementation(async () => notFound());
    await query.fetch().catch(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'This report is not available' })).toBeVisible();
    expect(interval(query)).toBe(false);
  });

  it('keeps the last figures on screen, saying when, while a refresh fails', async () => {
    mockReport(() => Response.json(report()));
    const { queryClient } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    const query = queryClient.getQueryCache().findAll({ queryKey: ['shared-results', TOKEN] })[0]!;
    vi.mocked(globalThis.fetch).mockImplementation(
      async () => new Response(JSON.stringify({ message: 'Too many requests', code: 'RATE_LIMITED' }), { status: 429 }),
    );
    await query.fetch().catch(() => undefined);
    expect(await screen.findByText(/Could not refresh the report. The figures below are from/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible();
    expect(screen.getByTestId('total-responses')).toHaveTextContent('4');
  });

  it('says a revoked or unknown link is not available', async () => {
    const requests = mockReport(notFound);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This report is not available' })).toBeVisible();
    expect(screen.getByText(/The link may have been revoked/)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Report not available · Quorum'));
    // Not retried: the answer would be the same.
    expect(requests).toHaveLength(1);
  });

  it('offers to try again when the report could not be read for another reason', async () => {
    let fail = true;
    mockReport(() =>
      fail
        ? new Response(JSON.stringify({ message: 'Too many requests', code: 'RATE_LIMITED' }), { status: 429 })
        : Response.json(report()),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'The report could not be loaded' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests');
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible();
  });

  it('speaks German, with the question count as a plural', async () => {
    await i18n.changeLanguage('de');
    mockReport(() => Response.json(report()));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible();
    expect(screen.getByText('Schreibgeschützter Bericht')).toBeVisible();
    expect(screen.getByText('Zuletzt aktualisiert')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: /Statistiken\s*3 Fragen/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Erstellen Sie kostenlos eigene Umfragen' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Geteilte Ergebnisse: Team lunch · Quorum'));
  });

  it('speaks Arabic right to left, with its dual plural', async () => {
    await i18n.changeLanguage('ar');
    mockReport(() => Response.json(report({ questions: report().questions.slice(0, 2) })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 2, name: /الإحصاءات\s*سؤالان/ })).toBeVisible();
  });

  it('passes axe, and so does the page of a revoked link', async () => {
    mockReport(() => Response.json(report()));
    const { container, unmount } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Team lunch' });
    expect((await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
    unmount();

    mockReport(notFound);
    const gone = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'This report is not available' });
    expect((await axe.run(gone.container, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });
});
