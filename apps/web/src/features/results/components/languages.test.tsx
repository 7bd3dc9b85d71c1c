import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseRow, ResultsResponse } from '@quorum/contract';
import { makeQuestionResult, makeResponseRow, makeResults } from '@test/support/results';
import { makeUser, renderRoutes } from '@test/support/render-shell';
import { makeSurvey } from '@test/support/surveys';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { LanguagesCard } from './languages-card';
import { ResultsPage } from './results-page';

const questions = [
  makeQuestionResult({
    id: 'q1',
    type: 'multiple_choice',
    text: 'Colour?',
    answeredCount: 10,
    seenCount: 10,
    statistics: [
      { answer: 'Blue', count: 6, percentage: 60 },
      { answer: 'Red', count: 4, percentage: 40 },
    ],
  }),
];

const rows: ResponseRow[] = [
  makeResponseRow({ responseId: 'r1', answers: { q1: 'Blue' }, hiddenFields: { source: 'mail' }, language: 'de' }),
  makeResponseRow({ responseId: 'r2', answers: { q1: 'Red' }, language: 'en' }),
];

/** A survey in English (its default) and German: 7 of its 10 responses in English, 3 in German. */
const twoLanguages = makeResults({
  title: 'Café survey',
  totalResponses: 10,
  matchingResponses: 10,
  questions,
  hiddenFields: ['source'],
  languages: [
    { language: 'en', responses: 7 },
    { language: 'de', responses: 3 },
  ],
});
const oneLanguage = makeResults({ ...twoLanguages, languages: [{ language: 'en', responses: 10 }] });

/** The API as the screen uses it; returns the results requests' filters. */
function mockApi(results: ResultsResponse) {
  const filters: Array<unknown> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
    if (url.pathname === '/api/surveys/s1/results') {
      const sent = url.searchParams.get('filters');
      filters.push(sent ? JSON.parse(sent) : undefined);
      return json(results);
    }
    if (url.pathname === '/api/surveys/s1/responses') return json({ responses: rows, nextCursor: null });
    if (url.pathname === '/api/surveys/s1/responses/r1') return json(rows[0]);
    if (url.pathname === '/api/surveys/s1') return json(makeSurvey({ surveyId: 's1' }));
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  return { lastFilters: () => filters.at(-1) };
}

function renderPage(search = '') {
  return renderRoutes([{ path: paths.user.surveyResults.path, Component: ResultsPage }], {
    path: `${paths.user.surveyResults.getHref({ surveyId: 's1' })}${search}`,
    user: makeUser('user'),
  });
}

const addressFilters = (search: string) => {
  const value = new URLSearchParams(search).get('filters');
  return value ? JSON.parse(value) : undefined;
};

afterEach(() => vi.restoreAllMocks());

describe('the results of a survey in several languages', { timeout: 30_000 }, () => {
  it('show no languages card, language condition or column for a survey in one language', async () => {
    mockApi(oneLanguage);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Café survey' });
    expect(screen.queryByTestId('languages-card')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Languages' })).toBeNull();
    expect(
      within(screen.getByLabelText('Answered')).queryByRole('option', { name: 'Language answered in' }),
    ).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Table View' }));
    await screen.findByRole('table', { name: 'Responses, newest first' });
    expect(screen.queryByRole('columnheader', { name: 'Language' })).toBeNull();
  });

  it('show each language’s matching responses as a labelled bar with count and share', async () => {
    mockApi(twoLanguages);
    renderPage();
    const card = await screen.findByTestId('languages-card');
    expect(within(card).getByRole('heading', { name: 'Languages' })).toBeVisible();
    expect(within(card).getByRole('region', { name: 'Languages' })).toHaveAccessibleDescription(
      'Matching responses by the language they were answered in. The statistics count every language together.',
    );
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'English7 responses · 70%Show only English',
      'German3 responses · 30%Show only German',
    ]);
    expect(within(card).getByRole('button', { name: 'Show only German' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keep only one language’s responses with its button, and every language again with a second press', async () => {
    const api = mockApi(twoLanguages);
    const user = userEvent.setup();
    const { router } = renderPage(
      `?filters=${encodeURIComponent(JSON.stringify([{ hiddenField: 'source', value: 'mail' }]))}`,
    );
    const card = await screen.findByTestId('languages-card');

    await user.click(within(card).getByRole('button', { name: 'Show only German' }));
    const both = [{ hiddenField: 'source', value: 'mail' }, { language: 'de' }];
    await waitFor(() => expect(api.lastFilters()).toEqual(both));
    expect(addressFilters(router.state.location.search)).toEqual(both);
    expect(screen.getByRole('list', { name: 'Active conditions' })).toHaveTextContent('Answered in German');
    expect(within(card).getByRole('button', { name: 'Show only German' })).toHaveAttribute('aria-pressed', 'true');

    // Another language takes the place of the first: a response has one language.
    await user.click(within(card).getByRole('button', { name: 'Show only English' }));
    await waitFor(() =>
      expect(api.lastFilters()).toEqual([{ hiddenField: 'source', value: 'mail' }, { language: 'en' }]),
    );

    // Pressed again: every language (the results of that filter are still fresh in the cache).
    await user.click(within(card).getByRole('button', { name: 'Show only English' }));
    await waitFor(() =>
      expect(addressFilters(router.state.location.search)).toEqual([{ hiddenField: 'source', value: 'mail' }]),
    );
    expect(screen.getByRole('list', { name: 'Active conditions' })).not.toHaveTextContent('Answered in');
  });

  it('offer a language condition in the filter bar, naming the survey’s languages', async () => {
    const api = mockApi(twoLanguages);
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('languages-card');

    await user.selectOptions(screen.getByLabelText('Answered'), 'Language answered in');
    expect(screen.queryByLabelText('Condition')).toBeNull();
    expect(
      within(screen.getByLabelText('Value'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a language…', 'English', 'German']);
    expect(screen.getByRole('button', { name: 'Add filter' })).toHaveAttribute('aria-disabled', 'true');
    await user.selectOptions(screen.getByLabelText('Value'), 'German');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(api.lastFilters()).toEqual([{ language: 'de' }]));
    expect(screen.getByRole('button', { name: 'Remove filter: Answered in German' })).toBeVisible();

    // A second language condition replaces the first rather than asking for responses in two languages at once.
    await user.selectOptions(screen.getByLabelText('Answered'), 'Language answered in');
    await user.selectOptions(screen.getByLabelText('Value'), 'English');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(api.lastFilters()).toEqual([{ language: 'en' }]));
  });

  it('show each response’s language in the table, after the hidden fields', async () => {
    mockApi(twoLanguages);
    renderPage('?view=table');
    const table = await screen.findByRole('table', { name: 'Responses, newest first' });
    await within(table).findByRole('cell', { name: 'German' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(3, 5)).toEqual(['source (hidden field)', 'Language']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[4]).toHaveTextContent('German');
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[4]).toHaveTextContent('English');
  });

  it('say a response’s language when it is opened, and only for a survey in several languages', async () => {
    mockApi(twoLanguages);
    const { unmount } = renderPage('?view=table&response=r1');
    const dialog = await screen.findByRole('dialog', { name: 'Response' });
    await within(dialog).findByText('Blue');
    expect(within(dialog).getByText('Language').nextElementSibling).toHaveTextContent('German');
    unmount();

    mockApi(oneLanguage);
    renderPage('?view=table&response=r1');
    const single = await screen.findByRole('dialog', { name: 'Response' });
    await within(single).findByText('Blue');
    expect(within(single).queryByText('Language')).toBeNull();
  });

  it('name the languages and say the counts in the interface’s language', async () => {
    await i18n.changeLanguage('de');
    try {
      mockApi(twoLanguages);
      renderPage();
      const card = await screen.findByTestId('languages-card');
      expect(within(card).getByRole('heading', { name: 'Sprachen' })).toBeVisible();
      expect(within(card).getAllByRole('listitem')[1]).toHaveTextContent('Deutsch3 Antworten · 30 %Nur Deutsch zeigen');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('pass axe with the card, a language filter and the table', async () => {
    mockApi(twoLanguages);
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    const { container, unmount } = renderPage(`?filters=${encodeURIComponent(JSON.stringify([{ language: 'de' }]))}`);
    await screen.findByTestId('languages-card');
    expect((await axe.run(container, rules)).violations).toEqual([]);
    unmount();
    const table = renderPage('?view=table');
    await screen.findByRole('cell', { name: 'German' });
    expect((await axe.run(table.container, rules)).violations).toEqual([]);
  });
});

describe('the languages card', () => {
  it('lets a language only replace a condition when the filter is full', async () => {
    const onShow = vi.fn();
    const languages = twoLanguages.languages;
    const { rerender } = render(
      <LanguagesCard languages={languages} matching={10} shown={undefined} canAddCondition={false} onShow={onShow} />,
    );
    const german = screen.getByRole('button', { name: /Show only German/ });
    expect(german).toHaveAttribute('aria-disabled', 'true');
    expect(german).toHaveAccessibleDescription('Remove a condition first: the filter holds as many as it can.');
    await userEvent.setup().click(german);
    expect(onShow).not.toHaveBeenCalled();

    rerender(<LanguagesCard languages={languages} matching={10} shown="en" canAddCondition={false} onShow={onShow} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show only German' }));
    expect(onShow).toHaveBeenCalledWith('de');
  });

  it('says 0% for every language when nothing matches', () => {
    render(
      <LanguagesCard
        languages={[
          { language: 'en', responses: 0 },
          { language: 'pt-BR', responses: 0 },
        ]}
        matching={0}
        shown={undefined}
        canAddCondition
        onShow={() => {}}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'English0 responses · 0%Show only English',
      'Brazilian Portuguese0 responses · 0%Show only Brazilian Portuguese',
    ]);
  });
});
