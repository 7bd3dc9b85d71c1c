import type { Kysely } from 'kysely';
import type { AnswerValue, ResponseFlag } from '@quorum/contract';
import type { Database } from '../../db/schema';
import type { CompiledFilter } from './response-filter';
import { duplicateFinder, flagsOf, isStraightliner, loadFlagRules, type FlagRules } from './response-flags';
import { parseHiddenFields, readStoredAnswers, type ResultQuestion } from './result-rows';
import {
  listDuplicateResponseIds,
  listResponsesBefore,
  scanResponsesAfter,
  type ResponseDbRow,
  type ScannedRow,
} from './results.repository';

/** Rows read per query while scanning a survey's responses: few round trips, memory still bounded. */
export const SCAN_PAGE_SIZE = 5000;

/** A response a filter kept, with its answers parsed once (and its flags when they were needed to keep it). */
export interface KeptResponse<R extends ScannedRow = ScannedRow> {
  row: R;
  /** As stored: check each value with `isAnswerValue` before use (see readStoredAnswers). */
  answers: Readonly<Record<string, AnswerValue>>;
  /** Set when the filter hides flagged responses (they were judged to keep this one). */
  flags?: ResponseFlag[];
}

/**
 * Decides, row by row, whether a response is kept: `submitted_at` in [from, to) is the query's; then the answer and
 * hidden-field conditions; then, with `hideFlagged`, no quality flag. Reads of other responses (the duplicates'
 * earliest ids) happen once per batch in `prepare`.
 */
function keeper(
  db: Kysely<Database>,
  surveyId: string,
  filter: CompiledFilter,
  rules: FlagRules | undefined,
  fromStart: boolean,
) {
  const duplicates = rules ? duplicateFinder(db, surveyId, fromStart) : undefined;
  return {
    prepare: async (rows: readonly ScannedRow[]) => duplicates?.prepare(rows),
    keep<R extends ScannedRow>(row: R): KeptResponse<R> | undefined {
      const answers = readStoredAnswers(row.answers);
      if (
        filter.hasConditions &&
        !filter.matches({
          answers,
          hiddenFields: filter.readsHiddenFields ? parseHiddenFields(row.hidden_fields ?? null) : undefined,
          language: row.language,
        })
      ) {
        return undefined;
      }
      if (!rules || !duplicates) return { row, answers };
      const durationMs = row.duration_ms === null || row.duration_ms === undefined ? null : Number(row.duration_ms);
      const flags = flagsOf(rules, { answers, durationMs }, duplicates.isDuplicate(row));
      return flags.length > 0 ? undefined : { row, answers, flags };
    },
  };
}

/**
 * Every response the filter keeps, oldest first, in batches, up to `upTo` (a response id: a consistent cut).
 * One pass over the survey's index range; the date range is a condition of the query. With `hideFlagged` the
 * flags are judged the way the database answers them fastest, by the same rules as `flagsOf`: speeders are left
 * out by the query (duration under the rules' threshold), duplicates are found once through the text-hash index
 * (`listDuplicateResponseIds`), and straightlining is judged on each response's answers.
 */
export async function* scanKeptResponses(
  db: Kysely<Database>,
  surveyId: string,
  questions: readonly ResultQuestion[],
  filter: CompiledFilter,
  upTo: string | undefined,
  options: { pageSize?: number; hiddenFields?: boolean } = {},
): AsyncGenerator<KeptResponse[]> {
  if (upTo === undefined) return;
  const pageSize = options.pageSize ?? SCAN_PAGE_SIZE;
  const rules = filter.hideFlagged ? await loadFlagRules(db, surveyId, questions) : undefined;
  const duplicates = filter.hideFlagged ? await listDuplicateResponseIds(db, surveyId, upTo) : undefined;
  const readsHiddenFields = filter.readsHiddenFields;
  let after: string | undefined;
  for (;;) {
    const rows = await scanResponsesAfter(db, surveyId, {
      after,
      upTo,
      limit: pageSize,
      from: filter.from,
      to: filter.to,
      hiddenFields: readsHiddenFields || options.hiddenFields === true,
      notFasterThanMs: rules?.speederBelowMs ?? undefined,
    });
    if (rows.length === 0) return;
    const kept: KeptResponse[] = [];
    for (const row of rows) {
      const answers = readStoredAnswers(row.answers);
      if (
        filter.hasConditions &&
        !filter.matches({
          answers,
          hiddenFields: readsHiddenFields ? parseHiddenFields(row.hidden_fields ?? null) : undefined,
          language: row.language,
        })
      ) {
        continue;
      }
      if (rules && (duplicates?.has(row.id) === true || isStraightliner(rules.questions, answers))) continue;
      kept.push(rules ? { row, answers, flags: [] } : { row, answers });
    }
    if (kept.length > 0) yield kept;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.id;
  }
}

/**
 * One page of the kept responses, newest first, older than `before` when given: up to `limit` rows (the caller
 * asks one more to know whether a next page exists). Keyset pages over the id index, so pages stay stable while
 * responses arrive; the scan stops as soon as the page is full.
 */
export async function keptResponsesBefore(
  db: Kysely<Database>,
  surveyId: string,
  questions: readonly ResultQuestion[],
  filter: CompiledFilter,
  options: { before: string | undefined; limit: number },
): Promise<KeptResponse<ResponseDbRow>[]> {
  const rules = filter.hideFlagged ? await loadFlagRules(db, surveyId, questions) : undefined;
  const judge = keeper(db, surveyId, filter, rules, false);
  // Unfiltered, every row read is kept: read just the page.
  const selective = filter.hasConditions || filter.hideFlagged;
  const pageSize = selective ? Math.min(SCAN_PAGE_SIZE, Math.max(options.limit * 4, 200)) : options.limit;
  const kept: KeptResponse<ResponseDbRow>[] = [];
  let before = options.before;
  for (;;) {
    const rows = await listResponsesBefore(db, surveyId, { before, limit: pageSize, from: filter.from, to: filter.to });
    await judge.prepare(rows);
    for (const row of rows) {
      const response = judge.keep(row);
      if (response) kept.push(response);
      if (kept.length === options.limit) return kept;
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return kept;
    before = last.id;
  }
}
