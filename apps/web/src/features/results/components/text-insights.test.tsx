import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INSIGHTS_LIMITS,
  OTHER_LABEL,
  type AnswerValue,
  type InsightsResponse,
  type QuestionResult,
  type ResponseRow,
} from '@quorum/contract';
import { QuestionResultCard } from './question-result-card';
import { InsightsFilterContext } from './text-insights';

function textQuestion(fields: Partial<QuestionResult> = {}): QuestionResult {
  return {
    id: 'q1',
    text: 'What could we do better?',
    type: 'text',
    isDeleted: false,
    required: true,
    answeredCount: 5,
    seenCount: 5,
    statistics: [],
    ...fields,
  };
}

const row = (id: string, answer: AnswerValue): ResponseRow => ({
  responseId: id,
  submittedAt: '2026-03-01T10:00:00.000Z',
  answers: { q1: answer },
  durationSeconds: null,
  flags: [],
  language: 'en',
});

const ANSWERS = [
  'Delivery was late again',
  'The staff were lovely',
  'Faster delivery please',
  'The redelivery fee is too high',
  'Friendly staff, slow delivery',
];

const insights = (fields: Partial<InsightsResponse> = {}): InsightsResponse => ({
  questionId: 'q1',
  answerCount: 5,
  sample: { analysed: 5, total: 5, truncated: false },
  themes: [
    { label: 'delivery', count: 3, examples: ['Delivery was late again'], terms: ['delivery'] },
    { label: 'staff', count: 2, examples: ['The staff were lovely'], terms: ['staff'] },
  ],
  sentiment: { positive: 2, neutral: 1, negative: 2 },
  source: 'builtin',
  ...fields,
});

/** The API as the card reads it: one page of responses and the question's insights; every request is recorded. */
function mockApi({ rows, answer }: { rows: ResponseRow[]; answer: InsightsResponse | null }) {
  const requests: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    if (url.pathname.endsWith('/results/insights')) {
      return answer
        ? new Response(JSON.stringify(answer), { status: 200 })
        : new Response(JSON.stringify({ message: 'Too many requests, slow down', code: 'RATE_LIMITED' }), {
            status: 429,
          });
    }
    return new Response(JSON.stringify({ responses: rows, nextCursor: null }), { status: 200 });
  });
  return { insightsRequests: () => requests.filter((u) => u.pathname.endsWith('/results/insights')) };
}

function renderCard(question: QuestionResult, filterParams = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InsightsFilterContext value={filterParams}>
        <QuestionResultCard surveyId="s1" question={question} number={1} />
      </InsightsFilterContext>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: new RegExp(question.text.replace(/[?]/g, '\\?')) });
}

const listed = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('insights under a text question', () => {
  it('show the sentiment with counts and the themes as chips with counts', async () => {
    const { insightsRequests } = mockApi({ rows: ANSWERS.map((a, i) => row(`r${i}`, a)), answer: insights() });
    const region = renderCard(textQuestion());
    const insightsBlock = await within(region).findByRole('region', { name: 'Insights' });
    const sentiment = await within(insightsBlock).findByRole('list', { name: 'Sentiment' });
    expect(
      within(sentiment)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Positive2(40%)', 'Neutral1(20%)', 'Negative2(40%)']);
    const chips = within(insightsBlock).getAllByRole('button', { pressed: false });
    expect(chips.map((chip) => chip.textContent)).toEqual(['delivery · 3', 'staff · 2']);
    expect(insightsRequests()).toHaveLength(1);
    expect(insightsRequests()[0]!.pathname).toBe('/api/surveys/s1/results/insights');
    expect(insightsRequests()[0]!.searchParams.get('questionId')).toBe('q1');
    // The builtin model names the themes and the answers are far below the limit: no notes.
    expect(within(insightsBlock).queryByText(/AI-named/)).toBeNull();
    expect(within(insightsBlock).queryByText(/Based on the newest/)).toBeNull();
  });

  it('narrow the answers to a chosen theme’s (whole words) and show them all again when it is chosen again', async () => {
    mockApi({ rows: ANSWERS.map((a, i) => row(`r${i}`, a)), answer: insights() });
    const user = userEvent.setup();
    const region = renderCard(textQuestion());
    const all = await within(region).findByRole('list', { name: 'Latest answers' });
    expect(listed(all)).toEqual(ANSWERS);

    const delivery = await within(region).findByRole('button', { name: 'delivery · 3' });
    await user.click(delivery);
    expect(delivery).toHaveAttribute('aria-pressed', 'true');
    const narrowed = within(region).getByRole('list', { name: 'Latest answers mentioning “delivery”' });
    expect(listed(narrowed)).toEqual([
      'Delivery was late again',
      'Faster delivery please',
      'Friendly staff, slow delivery',
    ]);
    expect(within(region).getByText('Showing the answers that mention “delivery”.')).toBeVisible();

    // Another theme replaces the first.
    await user.click(within(region).getByRole('button', { name: 'staff · 2' }));
    expect(delivery).toHaveAttribute('aria-pressed', 'false');
    expect(listed(within(region).getByRole('list', { name: 'Latest answers mentioning “staff”' }))).toEqual([
      'The staff were lovely',
      'Friendly staff, slow delivery',
    ]);

    // By keyboard: the pressed chip, pressed again, shows every answer.
    within(region).getByRole('button', { name: 'staff · 2' }).focus();
    await user.keyboard('{Enter}');
    expect(within(region).getByRole('button', { name: 'staff · 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(listed(within(region).getByRole('list', { name: 'Latest answers' }))).toEqual(ANSWERS);
  });

  it('show every answer again when the themes read for another filter no longer hold the chosen one', async () => {
    const requests: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      if (!url.pathname.endsWith('/results/insights')) {
        return Response.json({ responses: ANSWERS.map((a, i) => row(`r${i}`, a)), nextCursor: null });
      }
      // Filtered: only the staff theme is left.
      return Response.json(
        url.searchParams.has('from') ? insights({ themes: insights().themes.slice(1) }) : insights(),
      );
    });
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const card = (filter: string) => (
      <QueryClientProvider client={client}>
        <InsightsFilterContext value={filter}>
          <QuestionResultCard surveyId="s1" question={textQuestion()} number={1} />
        </InsightsFilterContext>
      </QueryClientProvider>
    );
    const { rerender } = render(card(''));
    await user.click(await screen.findByRole('button', { name: 'delivery · 3' }));
    expect(screen.getByRole('list', { name: 'Latest answers mentioning “delivery”' })).toBeVisible();

    rerender(card('from=2026-03-01T00%3A00%3A00.000Z'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'delivery · 3' })).toBeNull());
    expect(screen.getByRole('button', { name: 'staff · 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(listed(screen.getByRole('list', { name: 'Latest answers' }))).toEqual(ANSWERS);
  });

  it('say when they read only the newest answers and when an AI provider named the themes', async () => {
    mockApi({
      rows: [row('r1', 'Delivery was late')],
      answer: insights({
        answerCount: INSIGHTS_LIMITS.answers,
        sample: { analysed: INSIGHTS_LIMITS.answers, total: 7_000, truncated: true },
        source: 'ai',
      }),
    });
    const region = renderCard(textQuestion({ answeredCount: 7_000 }));
    expect(
      await within(region).findByText(
        `Based on the newest ${INSIGHTS_LIMITS.answers.toLocaleString('en-US')} of 7,000 answers. AI-named themes.`,
      ),
    ).toBeVisible();
  });

  it('describe the filtered responses when the results are filtered', async () => {
    const { insightsRequests } = mockApi({ rows: [], answer: insights() });
    const filter = new URLSearchParams({ from: '2026-03-01T00:00:00.000Z', hideFlagged: 'true' }).toString();
    const region = renderCard(textQuestion(), filter);
    await within(region).findByRole('button', { name: 'delivery · 3' });
    const sent = insightsRequests()[0]!.searchParams;
    expect(sent.get('from')).toBe('2026-03-01T00:00:00.000Z');
    expect(sent.get('hideFlagged')).toBe('true');
    expect(sent.get('questionId')).toBe('q1');
  });

  it('are read only once the block comes near the screen', async () => {
    let reveal: (() => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          reveal = () =>
            this.callback(
              [{ isIntersecting: true } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            );
        }
        disconnect() {}
      },
    );
    const { insightsRequests } = mockApi({ rows: [row('r1', 'Delivery was late')], answer: insights() });
    const region = renderCard(textQuestion());
    await within(region).findByRole('list', { name: 'Latest answers' });
    expect(within(region).getByText('Reading the answers…')).toBeVisible();
    expect(insightsRequests()).toHaveLength(0);
    reveal!();
    expect(await within(region).findByRole('button', { name: 'delivery · 3' })).toBeVisible();
    expect(insightsRequests()).toHaveLength(1);
  });

  it('say when they could not be loaded, with the server’s message, and leave the answers listed', async () => {
    mockApi({ rows: [row('r1', 'Delivery was late')], answer: null });
    const region = renderCard(textQuestion());
    expect(await within(region).findByText('Too many requests, slow down')).toBeVisible();
    expect(within(region).getByRole('button', { name: /Try again/ })).toBeVisible();
    expect(listed(await within(region).findByRole('list', { name: 'Latest answers' }))).toEqual(['Delivery was late']);
  });

  it('are not asked for while the question has no answers', async () => {
    const { insightsRequests } = mockApi({ rows: [], answer: insights() });
    const region = renderCard(textQuestion({ answeredCount: 0, seenCount: 2 }));
    expect(await within(region).findByText('No answers yet')).toBeVisible();
    expect(within(region).queryByRole('region', { name: 'Insights' })).toBeNull();
    expect(insightsRequests()).toHaveLength(0);
  });

  it('pass axe with a theme chosen', { timeout: 30_000 }, async () => {
    mockApi({ rows: ANSWERS.map((a, i) => row(`r${i}`, a)), answer: insights({ source: 'ai' }) });
    const user = userEvent.setup();
    const region = renderCard(textQuestion());
    await user.click(await within(region).findByRole('button', { name: 'delivery · 3' }));
    const results = await axe.run(region, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});

describe('insights over the texts given as "Other"', () => {
  it('show under the "Other" answers and narrow them to a chosen theme', async () => {
    const rows = [
      row('r1', 'Mate with delivery'),
      row('r2', 'Tea'),
      row('r3', 'Herbal infusion'),
      row('r4', 'Quick delivery coffee'),
    ];
    const { insightsRequests } = mockApi({
      rows,
      answer: insights({
        answerCount: 3,
        sample: { analysed: 3, total: 3, truncated: false },
        themes: [{ label: 'delivery', count: 2, examples: [], terms: ['delivery'] }],
      }),
    });
    const user = userEvent.setup();
    const region = renderCard(
      textQuestion({
        type: 'multiple_choice',
        text: 'Favourite drink?',
        allowOther: true,
        answeredCount: 4,
        seenCount: 4,
        statistics: [
          { answer: 'Tea', count: 1, percentage: 25 },
          { answer: OTHER_LABEL, count: 3, percentage: 75 },
        ],
      }),
    );
    const other = within(region).getByRole('group', { name: `Answers given as "${OTHER_LABEL}"` });
    await user.click(await within(other).findByRole('button', { name: 'delivery · 2' }));
    expect(
      listed(within(other).getByRole('list', { name: `Latest "${OTHER_LABEL}" answers mentioning “delivery”` })),
    ).toEqual(['Mate with delivery', 'Quick delivery coffee']);
    expect(insightsRequests()[0]!.searchParams.get('questionId')).toBe('q1');
  });
});
