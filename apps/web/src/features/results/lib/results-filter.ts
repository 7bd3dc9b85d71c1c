import {
  isHiddenFieldFilter,
  isLanguageFilter,
  isFiltered,
  RESULTS_FILTER_LIMITS,
  resultsFilterConditionSchema,
  resultsFilterParams,
  type ResultsFilter,
  type ResultsFilterCondition,
} from '@quorum/contract';
import { questionLabel } from '@/lib/question-label';
import { currentLanguage, i18n } from '@/i18n/i18n';
import { languageName } from '@/lib/language-names';
import { needsValue, operatorLabel } from '@/lib/logic-operators';

/**
 * The results filter as the screen keeps it in the address (`?from=&to=&filters=&hideFlagged=`, the API's names,
 * so a link shows the same filter): `from` and `to` are days ("YYYY-MM-DD", both included) in the viewer's time
 * zone, turned into instants only when a request is made (`apiFilterOf`).
 */
export interface FilterState {
  from: string | null;
  to: string | null;
  conditions: ResultsFilterCondition[];
  hideFlagged: boolean;
}

export const EMPTY_FILTER: FilterState = { from: null, to: null, conditions: [], hideFlagged: false };

/** The search parameters the filter owns; every other one (the view, the open response) is left alone. */
const FILTER_PARAMS = ['from', 'to', 'filters', 'hideFlagged'] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" when `value` is a real calendar day, else null. */
function dayOrNull(value: string | null): string | null {
  if (!value) return null;
  const match = DAY.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : null;
}

/** The conditions of `?filters=`: the valid ones, up to the API's limit (a hand-edited link never breaks the page). */
function conditionsOf(value: string | null): ResultsFilterCondition[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const conditions: ResultsFilterCondition[] = [];
  for (const item of parsed) {
    const condition = resultsFilterConditionSchema.safeParse(item);
    if (condition.success) conditions.push(condition.data);
  }
  return conditions.slice(0, RESULTS_FILTER_LIMITS.filters);
}

/** The filter held by the address. */
export function filterFromSearchParams(params: URLSearchParams): FilterState {
  return {
    from: dayOrNull(params.get('from')),
    to: dayOrNull(params.get('to')),
    conditions: conditionsOf(params.get('filters')),
    hideFlagged: params.get('hideFlagged') === 'true',
  };
}

/** `previous` with the filter written in (parameters of an empty part left out); other parameters are kept. */
export function withFilterParams(previous: URLSearchParams, state: FilterState): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (state.from) next.set('from', state.from);
  if (state.to) next.set('to', state.to);
  if (state.conditions.length > 0) next.set('filters', JSON.stringify(state.conditions));
  if (state.hideFlagged) next.set('hideFlagged', 'true');
  return next;
}

/** The instant the local day `day` starts, `addDays` later, as ISO ("2026-11-24" in Paris → "2026-11-23T23:00:00.000Z"). */
export function localDayStart(day: string, addDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + addDays).toISOString();
}

/**
 * The filter as the API takes it: `from` is the start of the first day, `to` the start of the day after the last
 * (the API's `to` is exclusive), so both days are included. Days given the wrong way round are swapped.
 */
export function apiFilterOf(state: FilterState): ResultsFilter {
  let { from, to } = state;
  if (from && to && from > to) [from, to] = [to, from];
  const filter: ResultsFilter = {};
  if (from) filter.from = localDayStart(from);
  if (to) filter.to = localDayStart(to, 1);
  if (state.conditions.length > 0) filter.filters = state.conditions;
  if (state.hideFlagged) filter.hideFlagged = true;
  return filter;
}

export const isFilterActive = (state: FilterState) => isFiltered(apiFilterOf(state));

/** A stable text of a filter, for query keys ('' for none). */
export const filterKeyOf = (filter: ResultsFilter) => resultsFilterParams(filter).toString();

/** The viewer's IANA time zone: the API counts the timeline's days in it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The query of a results request: the filter and the viewer's time zone. */
export function resultsRequestParams(filter: ResultsFilter): URLSearchParams {
  const params = resultsFilterParams(filter);
  params.set('tz', viewerTimeZone());
  return params;
}

/** A question as the filter words it. */
export interface FilterQuestion {
  id: string;
  text: string;
  isDeleted?: boolean;
}

/** A day ("YYYY-MM-DD") in the interface's language: "Mar 1, 2026", "01.03.2026". */
const formatDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const language = currentLanguage();
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { dateStyle: 'medium' }).format(
    new Date(y, m - 1, d),
  );
};

/** One condition in words: `Q2: Favourite colour is "Blue"`, `Hidden field source is "mail"`. */
export function describeCondition(condition: ResultsFilterCondition, questions: readonly FilterQuestion[]): string {
  if (isHiddenFieldFilter(condition)) {
    return i18n.t('results:filter.hiddenFieldIs', { name: condition.hiddenField, value: condition.value });
  }
  if (isLanguageFilter(condition)) {
    return i18n.t('results:filter.languageIs', { language: languageName(condition.language) });
  }
  const index = questions.findIndex((q) => q.id === condition.questionId);
  const question = questions[index];
  const label = question
    ? questionLabel(index + 1, question.text, question.isDeleted)
    : i18n.t('results:filter.questionGone');
  const operator = operatorLabel(condition.operator);
  return needsValue(condition.operator) && condition.value !== undefined
    ? i18n.t('results:filter.conditionWithValue', { question: label, operator, value: String(condition.value) })
    : i18n.t('results:filter.condition', { question: label, operator });
}

/** The language the filter keeps responses of, or undefined when it keeps every language. */
export function languageFilterOf(state: Pick<FilterState, 'conditions'>): string | undefined {
  return state.conditions.find(isLanguageFilter)?.language;
}

/**
 * `state` keeping only the responses given in `language` (null: in any language). A response has one language, so
 * the new condition takes the place of any other language condition rather than joining it.
 */
export function withLanguageFilter(state: FilterState, language: string | null): FilterState {
  const others = state.conditions.filter((condition) => !isLanguageFilter(condition));
  return { ...state, conditions: language === null ? others : [...others, { language }] };
}

/** The date range in words ("From 1 Mar 2026 to 31 Mar 2026"), or null without one. */
export function describeDateRange(state: Pick<FilterState, 'from' | 'to'>): string | null {
  if (state.from && state.to) {
    return i18n.t('results:filter.range', { from: formatDay(state.from), to: formatDay(state.to) });
  }
  if (state.from) return i18n.t('results:filter.rangeFrom', { from: formatDay(state.from) });
  if (state.to) return i18n.t('results:filter.rangeTo', { to: formatDay(state.to) });
  return null;
}

/** The whole filter in words, one part per line of a printout; empty for none. */
export function describeFilter(state: FilterState, questions: readonly FilterQuestion[]): string[] {
  const parts: string[] = [];
  const range = describeDateRange(state);
  if (range) parts.push(range);
  for (const condition of state.conditions) parts.push(describeCondition(condition, questions));
  if (state.hideFlagged) parts.push(i18n.t('results:filter.flaggedHidden'));
  return parts;
}
