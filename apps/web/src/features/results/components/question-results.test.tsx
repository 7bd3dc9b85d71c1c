import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '@test/support/screen-width';
import type { QuestionResult, ResponseRow, Statistic } from '@quorum/contract';
import { answerCellText } from './answer-cell-text';
import { QuestionResultCard } from './question-result-card';

const stat = (answer: string, count: number, of: number): Statistic => ({
  answer,
  count,
  percentage: of === 0 ? 0 : Math.round((count / of) * 1000) / 10,
});

function result(fields: Partial<QuestionResult> & Pick<QuestionResult, 'type'>): QuestionResult {
  return {
    id: 'q1',
    text: 'The question',
    isDeleted: false,
    required: true,
    answeredCount: 0,
    seenCount: 0,
    statistics: [],
    ...fields,
  };
}

/** Renders one question's card; the responses feed answers with `rows` (one page). */
function renderCard(question: QuestionResult, rows: ResponseRow[] = []) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response(JSON.stringify({ responses: rows, nextCursor: null }), { status: 200 }),
    );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuestionResultCard surveyId="s1" question={question} number={1} />
    </QueryClientProvider>,
  );
  return { fetch, region: screen.getByRole('region', { name: /The question/ }) };
}

const row = (id: string, answer: ResponseRow['answers'][string]): ResponseRow => ({
  responseId: id,
  submittedAt: '2026-03-01T10:00:00.000Z',
  answers: { q1: answer },
  durationSeconds: null,
  flags: [],
  language: 'en',
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('every question’s card', () => {
  it('shows the help text under the question and how many of those who saw it answered', () => {
    const { region } = renderCard(
      result({
        type: 'text',
        required: false,
        description: 'Think of your last visit.',
        answeredCount: 3,
        seenCount: 7,
      }),
    );
    expect(within(region).getByText('Think of your last visit.')).toBeVisible();
    expect(within(region).getByTestId('answered-of-seen')).toHaveTextContent('Answered by 3 of 7 who saw it');
    expect(within(region).getByText(/Text · 3 answers · Optional/)).toBeVisible();
  });

  it('keeps the count line of a required question as it was, with no help text and no "Optional"', () => {
    const { region } = renderCard(
      result({
        type: 'multiple_choice',
        answeredCount: 2,
        seenCount: 2,
        statistics: [stat('A', 2, 2), stat('B', 0, 2)],
      }),
    );
    expect(within(region).getByText('Multiple choice · 2 answers')).toBeVisible();
    expect(within(region).getByTestId('answered-of-seen')).toHaveTextContent('Answered by 2 of 2 who saw it');
  });

  it('reads no responses for a type that lists none', () => {
    const { fetch } = renderCard(result({ type: 'rating', statistics: [] }));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('NPS results', () => {
  it('shows the score big, the three groups with counts and shares, and a bar per score coloured by group', () => {
    const statistics = Array.from({ length: 11 }, (_, n) =>
      stat(String(n), n === 10 ? 3 : n === 7 ? 1 : n === 2 ? 1 : 0, 5),
    );
    const { region } = renderCard(
      result({
        type: 'nps',
        answeredCount: 5,
        seenCount: 5,
        statistics,
        nps: { score: 40, promoters: 3, passives: 1, detractors: 1 },
      }),
    );
    expect(within(region).getByTestId('nps-score')).toHaveTextContent('+40');
    expect(within(region).getByText('Promoters').closest('div')).toHaveTextContent('3 · 60%');
    expect(within(region).getByText('Passives').closest('div')).toHaveTextContent('1 · 20%');
    expect(within(region).getByText('Detractors').closest('div')).toHaveTextContent('1 · 20%');
    const bars = within(within(region).getByRole('list', { name: 'Answers per score, 0 to 10' })).getAllByRole(
      'listitem',
    );
    expect(bars).toHaveLength(11);
    expect(bars[10]).toHaveTextContent('10 · Promoter3 answers, · 60%');
    expect(bars[2]).toHaveTextContent('Detractor');
    expect(within(region).getByText('0 = Not at all likely')).toBeVisible();
  });

  it('shows a negative score with a minus sign and a dash while nobody answered', () => {
    const { region } = renderCard(
      result({
        type: 'nps',
        answeredCount: 1,
        seenCount: 1,
        nps: { score: -100, promoters: 0, passives: 0, detractors: 1 },
      }),
    );
    expect(within(region).getByTestId('nps-score')).toHaveTextContent('−100');
  });

  it('shows a dash and no bars while nobody answered', () => {
    const { region } = renderCard(
      result({ type: 'nps', nps: { score: null, promoters: 0, passives: 0, detractors: 0 } }),
    );
    expect(within(region).getByTestId('nps-score')).toHaveTextContent('–');
    expect(within(region).getByText('No answers yet')).toBeVisible();
  });
});

describe('number results', () => {
  it('shows count, minimum, maximum, mean and median, and the histogram', () => {
    const { region } = renderCard(
      result({
        type: 'number',
        answeredCount: 4,
        seenCount: 6,
        summary: { count: 4, min: 1, max: 20, mean: 8.125, median: 5.5 },
        histogram: [
          { from: 0, to: 10, count: 3 },
          { from: 10, to: 20, count: 1 },
        ],
      }),
    );
    const terms = within(region)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(region)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Answers', 'Minimum', 'Maximum', 'Mean', 'Median']);
    expect(values).toEqual(['4', '1', '20', '8.13', '5.5']);
    const bars = within(within(region).getByRole('list', { name: 'Answers per range' })).getAllByRole('listitem');
    expect(bars.map((b) => b.textContent)).toEqual(['0 to under 103 answers, · 75%', '10 to 201 answer, · 25%']);
  });
});

describe('date results', () => {
  it('shows the earliest and latest dates and a bar per month', () => {
    const { region } = renderCard(
      result({
        type: 'date',
        answeredCount: 3,
        seenCount: 3,
        dates: {
          earliest: '2026-01-05',
          latest: '2026-03-31',
          months: [
            { month: '2026-01', count: 2 },
            { month: '2026-03', count: 1 },
          ],
        },
      }),
    );
    expect(within(region).getByText('5 January 2026')).toBeVisible();
    expect(within(region).getByText('31 March 2026')).toBeVisible();
    const bars = within(within(region).getByRole('list', { name: 'Answers per month' })).getAllByRole('listitem');
    expect(bars.map((b) => b.textContent)).toEqual(['January 20262 answers, · 66.7%', 'March 20261 answer, · 33.3%']);
  });
});

describe('ranking results', () => {
  it('lists the options by average rank, best first', () => {
    const { region } = renderCard(
      result({
        type: 'ranking',
        answeredCount: 2,
        seenCount: 2,
        ranking: [
          { option: 'Price', averageRank: 1.5 },
          { option: 'Speed', averageRank: 2 },
          { option: 'Taste', averageRank: 2.5 },
        ],
      }),
    );
    const items = within(within(region).getByRole('list', { name: 'Average rank, best first' })).getAllByRole(
      'listitem',
    );
    expect(items.map((i) => i.textContent)).toEqual([
      '1.Priceaverage rank 1.5',
      '2.Speedaverage rank 2.0',
      '3.Tasteaverage rank 2.5',
    ]);
  });
});

describe('matrix results', () => {
  it('shows a table of rows × columns with counts and shares', () => {
    const { region } = renderCard(
      result({
        type: 'matrix',
        answeredCount: 2,
        seenCount: 2,
        rows: [
          { row: 'Food', statistics: [stat('Good', 2, 2), stat('Bad', 0, 2)] },
          { row: 'Music', statistics: [stat('Good', 1, 2), stat('Bad', 1, 2)] },
        ],
      }),
    );
    const table = within(region).getByRole('table', { name: /The question/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Good', 'Bad']);
    const music = within(table).getByRole('row', { name: /Music/ });
    expect(
      within(music)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1 · 50%', '1 · 50%']);
  });

  it('adds a column a row was answered with that is no longer among the columns, zero for the other rows', () => {
    const { region } = renderCard(
      result({
        type: 'matrix',
        answeredCount: 1,
        seenCount: 1,
        rows: [
          { row: 'Food', statistics: [stat('Good', 0, 1), stat('Okay', 1, 1)] },
          { row: 'Music', statistics: [stat('Good', 1, 1)] },
        ],
      }),
    );
    const table = within(region).getByRole('table', { name: /The question/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Good', 'Okay']);
    const music = within(table).getByRole('row', { name: /Music/ });
    expect(
      within(music)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1 · 100%', '0 · 0%']);
  });
});

describe('email results', () => {
  it('lists the addresses given, read from the responses', async () => {
    const { region } = renderCard(result({ type: 'email', answeredCount: 1, seenCount: 2 }), [
      row('r1', 'ana@example.com'),
      {
        responseId: 'r2',
        submittedAt: '2026-03-01T09:00:00.000Z',
        answers: {},
        durationSeconds: null,
        flags: [],
        language: 'en',
      },
    ]);
    const list = await within(region).findByRole('list', { name: 'Latest addresses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('ana@example.com');
  });
});

describe('checkbox statistics', () => {
  const checkbox = () =>
    result({
      type: 'checkbox',
      answeredCount: 4,
      seenCount: 4,
      statistics: [stat('Food', 3, 4), stat('Sound', 2, 4), stat('Tickets', 1, 4)],
    });

  it('says under the chart that shares are of respondents and can add up to more than 100%', () => {
    const { region } = renderCard(checkbox());
    expect(
      within(region).getByText(
        'Shares are of respondents who answered. Each could choose more than one answer, so the shares can add up to more than 100%.',
      ),
    ).toBeVisible();
  });

  it('shows the pie first and offers one bar per answer instead, by keyboard', async () => {
    const user = userEvent.setup();
    const { region } = renderCard(checkbox());
    const chart = within(region).getByRole('group', { name: 'Chart' });
    expect(within(chart).getByRole('radio', { name: 'Pie' })).toBeChecked();
    expect(within(region).getByTestId('pie-chart')).toBeInTheDocument();
    expect(within(region).queryByTestId('bar-chart')).toBeNull();

    await user.click(within(chart).getByRole('radio', { name: 'Pie' }));
    await user.keyboard('{ArrowRight}');
    expect(within(chart).getByRole('radio', { name: 'Bars' })).toBeChecked();
    const bars = within(region).getByTestId('bar-chart');
    expect(within(region).queryByTestId('pie-chart')).toBeNull();
    expect(bars).toHaveTextContent('Food');
    expect(bars).toHaveTextContent('75%');
    expect(bars).toHaveTextContent('Tickets');
    // The table stays the text equivalent of either chart.
    expect(within(region).getByRole('rowheader', { name: 'Sound' })).toBeVisible();
  });

  it('offers no bar view for a single choice, whose shares add up to 100%', () => {
    const { region } = renderCard(
      result({
        type: 'multiple_choice',
        answeredCount: 2,
        seenCount: 2,
        statistics: [stat('Yes', 1, 2), stat('No', 1, 2)],
      }),
    );
    expect(within(region).queryByRole('group', { name: 'Chart' })).toBeNull();
    expect(within(region).queryByText(/more than 100%/)).toBeNull();
  });
});

describe('"Other" answers', () => {
  it.each(['multiple_choice', 'dropdown', 'checkbox'] as const)(
    '%s: counts "Other" with the options and lists the texts given',
    async (type) => {
      const other = type === 'checkbox' ? ['Tea', 'Mate'] : 'Mate';
      const { region } = renderCard(
        result({
          type,
          allowOther: true,
          answeredCount: 2,
          seenCount: 2,
          statistics: [stat('Tea', type === 'checkbox' ? 2 : 1, 2), stat('Coffee', 0, 2), stat('Other', 1, 2)],
        }),
        [row('r1', other), row('r2', type === 'checkbox' ? ['Tea'] : 'Tea')],
      );
      expect(within(region).getByRole('rowheader', { name: 'Other' })).toBeVisible();
      const list = await within(region).findByRole('list', { name: 'Latest "Other" answers' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);
      expect(list).toHaveTextContent('Mate');
    },
  );

  it('reads no responses when the question does not offer "Other"', async () => {
    const { fetch, region } = renderCard(
      result({ type: 'dropdown', answeredCount: 1, seenCount: 1, statistics: [stat('Tea', 1, 1)] }),
    );
    expect(within(region).getByRole('rowheader', { name: 'Tea' })).toBeVisible();
    await waitFor(() => expect(within(region).queryByText(/Answers given as/)).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the responses table’s cells', () => {
  it('shows a ranking in the respondent’s order, numbered', () => {
    expect(answerCellText({ type: 'ranking' }, ['Speed', 'Price'])).toBe('1. Speed; 2. Price');
  });

  it('shows a matrix as "Row: Column" per row', () => {
    const rows = [
      { row: 'Food', statistics: [] },
      { row: 'Music', statistics: [] },
    ];
    expect(answerCellText({ type: 'matrix', rows }, ['Good', 'Bad'])).toBe('Food: Good; Music: Bad');
  });

  it('shows every other answer as before: checkbox lists joined, numbers as numbers, nothing as empty', () => {
    expect(answerCellText({ type: 'checkbox' }, ['A', 'B'])).toBe('A; B');
    expect(answerCellText({ type: 'nps' }, 9)).toBe('9');
    expect(answerCellText({ type: 'number' }, '-2.5')).toBe('-2.5');
    expect(answerCellText({ type: 'date' }, '2026-03-01')).toBe('2026-03-01');
    expect(answerCellText({ type: 'text' }, undefined)).toBe('');
  });
});

describe('the responses table', () => {
  it('shows every type’s answer readably', async () => {
    const { ResponsesTable } = await import('./responses-table');
    const questions = [
      result({ id: 'rank', type: 'ranking', text: 'Rank these' }),
      result({
        id: 'grid',
        type: 'matrix',
        text: 'Rate these',
        rows: [
          { row: 'Food', statistics: [] },
          { row: 'Music', statistics: [] },
        ],
      }),
      result({ id: 'score', type: 'nps', text: 'Recommend?' }),
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            responses: [
              {
                responseId: 'r1',
                submittedAt: '2026-03-01T10:00:00.000Z',
                answers: { rank: ['Speed', 'Price'], grid: ['Good', 'Bad'], score: 0 },
                durationSeconds: 75,
                flags: ['speeder'],
              },
            ],
            nextCursor: null,
          }),
          { status: 200 },
        ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ResponsesTable surveyId="s1" questions={questions} totalResponses={1} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Responses, newest first' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.slice(2).map((c) => c.textContent)).toEqual([
      '1. Speed; 2. Price',
      'Food: Good; Music: Bad',
      '0',
      'Speeder: Finished in under a third of the median completion time.',
      '1 min 15 s',
    ]);
  });

  it('adds a column per hidden field after the questions, empty where a response came without it', async () => {
    const { ResponsesTable } = await import('./responses-table');
    const questions = [result({ id: 'score', type: 'nps', text: 'Recommend?' })];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            responses: [
              {
                responseId: 'r2',
                submittedAt: '2026-03-01T11:00:00.000Z',
                answers: { score: 9 },
                hiddenFields: { source: 'newsletter' },
                durationSeconds: null,
                flags: [],
              },
              {
                responseId: 'r1',
                submittedAt: '2026-03-01T10:00:00.000Z',
                answers: { score: 3 },
                durationSeconds: null,
                flags: [],
              },
            ],
            nextCursor: null,
          }),
          { status: 200 },
        ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ResponsesTable surveyId="s1" questions={questions} hiddenFields={['source', 'campaign']} totalResponses={2} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Responses, newest first' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Response ID',
      'Submitted At',
      'Q1: Recommend?',
      'source (hidden field)',
      'campaign (hidden field)',
      'Flags',
      'Duration',
    ]);
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(2)
        .map((c) => c.textContent),
    ).toEqual(['9', 'newsletter', '—', '—', '—']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .slice(3)
        .map((c) => c.textContent),
    ).toEqual(['—', '—', '—', '—']);
  });

  it('on a phone shows each response as a card with every answer under its question, opened by its id', async () => {
    stubScreenWidth(360);
    const { ResponsesTable } = await import('./responses-table');
    const questions = [
      result({ id: 'day', type: 'multiple_choice', text: 'Which day?' }),
      result({ id: 'note', type: 'text', text: 'Anything else?' }),
    ];
    const row = {
      responseId: 'r1',
      submittedAt: '2026-03-01T10:00:00.000Z',
      answers: { day: 'Saturday' },
      hiddenFields: { source: 'newsletter' },
      durationSeconds: 75,
      flags: ['speeder'],
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ responses: [row], nextCursor: null }), { status: 200 }),
    );
    const onOpen = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ResponsesTable
          surveyId="s1"
          questions={questions}
          hiddenFields={['source']}
          totalResponses={1}
          onOpen={onOpen}
        />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Responses, newest first' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    const terms = within(card!).getAllByRole('term');
    expect(terms.map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Submitted At', expect.any(String)],
      ['Q1: Which day?', 'Saturday'],
      ['Q2: Anything else?', '—'],
      ['source (hidden field)', 'newsletter'],
      ['Flags', 'Speeder: Finished in under a third of the median completion time.'],
      ['Duration', '1 min 15 s'],
    ]);
    // jsdom has no layout: contrast is checked in the browser (e2e).
    const results = await axe.run(list, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
    const open = within(card!).getByRole('button', { name: 'View response r1' });
    open.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ responseId: 'r1' }));
  });
});
