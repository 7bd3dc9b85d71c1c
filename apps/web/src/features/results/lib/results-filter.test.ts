import { describe, expect, it } from 'vitest';
import { resultsQuerySchema } from '@quorum/contract';
import { changeLanguage } from '@/i18n/i18n';
import {
  apiFilterOf,
  describeFilter,
  EMPTY_FILTER,
  filterFromSearchParams,
  isFilterActive,
  languageFilterOf,
  localDayStart,
  resultsRequestParams,
  withFilterParams,
  withLanguageFilter,
  type FilterState,
} from './results-filter';

const state: FilterState = {
  from: '2026-03-01',
  to: '2026-03-31',
  conditions: [
    { questionId: 'q1', operator: 'equals', value: 'Blue' },
    { questionId: 'q2', operator: 'greater_than', value: 7 },
    { questionId: 'q3', operator: 'skipped' },
    { hiddenField: 'source', value: 'newsletter' },
  ],
  hideFlagged: true,
};

describe('the results filter in the address', () => {
  it('comes back as it went in, with the API’s parameter names, other parameters kept', () => {
    const params = withFilterParams(new URLSearchParams('view=table&response=r1'), state);
    expect([...params.keys()].sort()).toEqual(['filters', 'from', 'hideFlagged', 'response', 'to', 'view']);
    expect(params.get('from')).toBe('2026-03-01');
    expect(params.get('hideFlagged')).toBe('true');
    expect(JSON.parse(params.get('filters')!)).toEqual(state.conditions);
    // Through the address bar's text and back.
    expect(filterFromSearchParams(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('leaves out the parts of an empty filter, and clearing removes them all', () => {
    const params = withFilterParams(new URLSearchParams('view=table&from=2026-01-01&filters=%5B%5D'), EMPTY_FILTER);
    expect(params.toString()).toBe('view=table');
    expect(filterFromSearchParams(params)).toEqual(EMPTY_FILTER);
    expect(isFilterActive(EMPTY_FILTER)).toBe(false);
    expect(isFilterActive({ ...EMPTY_FILTER, hideFlagged: true })).toBe(true);
  });

  it('ignores what a hand-edited link gets wrong instead of breaking the page', () => {
    const params = new URLSearchParams({
      from: '2026-02-30',
      to: 'yesterday',
      filters: JSON.stringify([
        { questionId: 'q1', operator: 'equals', value: 'A' },
        { questionId: 'q1', operator: 'resembles', value: 'A' },
        { hiddenField: '', value: 'x' },
        'nonsense',
      ]),
      hideFlagged: 'yes',
    });
    expect(filterFromSearchParams(params)).toEqual({
      from: null,
      to: null,
      conditions: [{ questionId: 'q1', operator: 'equals', value: 'A' }],
      hideFlagged: false,
    });
    expect(filterFromSearchParams(new URLSearchParams('filters={not json')).conditions).toEqual([]);
    expect(filterFromSearchParams(new URLSearchParams('filters={"a":1}')).conditions).toEqual([]);
  });
});

describe('the filter as the API takes it', () => {
  it('sends the start of the first day and the start of the day after the last, both in local time', () => {
    const filter = apiFilterOf(state);
    expect(filter.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(filter.to).toBe(new Date(2026, 3, 1).toISOString());
    expect(filter.filters).toEqual(state.conditions);
    expect(filter.hideFlagged).toBe(true);
    // The contract's query schema accepts what the screen sends.
    const query = Object.fromEntries(resultsRequestParams(filter));
    expect(query.tz).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resultsQuerySchema.safeParse(query).success).toBe(true);
  });

  it('counts a one-day range as that whole day and swaps days given the wrong way round', () => {
    expect(apiFilterOf({ ...EMPTY_FILTER, from: '2026-03-05', to: '2026-03-05' })).toEqual({
      from: localDayStart('2026-03-05'),
      to: localDayStart('2026-03-06'),
    });
    expect(apiFilterOf({ ...EMPTY_FILTER, from: '2026-03-09', to: '2026-03-02' })).toEqual({
      from: localDayStart('2026-03-02'),
      to: localDayStart('2026-03-10'),
    });
    expect(localDayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('sends nothing for no filter', () => {
    expect(apiFilterOf(EMPTY_FILTER)).toEqual({});
  });
});

describe('the filter in words', () => {
  it('names the questions by number and says every condition', () => {
    const words = describeFilter(state, [
      { id: 'q1', text: 'Colour?' },
      { id: 'q2', text: 'Score?' },
      { id: 'q3', text: 'Notes?' },
    ]);
    expect(words).toHaveLength(6);
    expect(words[0]).toMatch(/^From .+ to .+$/);
    expect(words.slice(1)).toEqual([
      'Q1: Colour? is "Blue"',
      'Q2: Score? is more than "7"',
      'Q3: Notes? is skipped',
      'Hidden field source is "newsletter"',
      'Flagged responses hidden',
    ]);
  });

  it('names the questions the way the interface’s language does', async () => {
    await changeLanguage('de');
    const words = describeFilter({ ...EMPTY_FILTER, conditions: [{ questionId: 'q1', operator: 'answered' }] }, [
      { id: 'q1', text: 'Farbe?' },
    ]);
    expect(words[0]).toBe('F1: Farbe? wird beantwortet');
  });
});

describe('the language condition', () => {
  it('keeps one language at a time, next to the other conditions, and goes away for every language', () => {
    expect(languageFilterOf(state)).toBeUndefined();
    const german = withLanguageFilter(state, 'de');
    expect(german.conditions).toEqual([...state.conditions, { language: 'de' }]);
    expect(languageFilterOf(german)).toBe('de');
    const english = withLanguageFilter(german, 'en');
    expect(english.conditions).toEqual([...state.conditions, { language: 'en' }]);
    expect(withLanguageFilter(english, null)).toEqual(state);
    // Through the address and to the API like any condition.
    expect(filterFromSearchParams(withFilterParams(new URLSearchParams(), english))).toEqual(english);
    expect(describeFilter(english, [])).toContain('Answered in English');
  });
});
