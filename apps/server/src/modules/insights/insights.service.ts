import type { Kysely } from 'kysely';
import { answerFor, INSIGHTS_LIMITS, type InsightsResponse, type Question, type ResultsFilter } from '@quorum/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { compileFilter } from '../results/response-filter';
import { checkFilterLanguages } from '../results/filter-languages';
import { flagsOf, loadFlagRules } from '../results/response-flags';
import { findDeclaredHiddenFields, listResultQuestions, type ResponseDbRow } from '../results/results.repository';
import { parseAnswers, parseHiddenFields, readStoredAnswers, toResultQuestion } from '../results/result-rows';
import { createSurveyAccess, type Actor } from '../surveys/survey-policy';
import { createAiThemeNamer, type ThemeNamer } from './ai-theme-naming';
import { freeTextOf, hasFreeTexts } from './free-texts';
import { findSurveyQuestion, listResponsesNewestFirst } from './insights.repository';
import { analyseTexts, builtinThemes } from './text-analysis';

/**
 * Responses read per query while collecting free texts, at most: the first query reads twice as many as wanted
 * (at least FIRST_PAGE_ROWS), each next one twice as many as the last, so a question most respondents answer costs
 * one small query and a rare one few round trips.
 */
const PAGE_ROWS = 1_000;
const FIRST_PAGE_ROWS = 100;
/**
 * Responses an insight reads at most, newest first, to find its INSIGHTS_LIMITS.answers texts: a question few
 * answered does not make it read a million responses.
 */
export const INSIGHTS_SCAN_ROWS = 50_000;

/** Whether a response is kept, beside the time range: the results filter (`filters`, `hideFlagged`). */
export type KeepResponse = (row: ResponseDbRow) => boolean;

/**
 * The newest free texts (see `freeTextOf`) of each question, at most `perQuestion` each, from the newest
 * responses submitted within `range` that `keep` keeps; reading stops once every question has enough or
 * `scanRows` responses were read.
 */
export async function readFreeTexts(
  db: Kysely<Database>,
  surveyId: string,
  questions: readonly Question[],
  options: {
    range?: Pick<ResultsFilter, 'from' | 'to'>;
    keep?: KeepResponse | undefined;
    perQuestion: number;
    scanRows: number;
  },
): Promise<Map<string, string[]>> {
  const texts = new Map(questions.filter(hasFreeTexts).map((q) => [q.id, [] as string[]]));
  const wanted = questions.filter((q) => texts.has(q.id));
  let before: string | undefined;
  let scanned = 0;
  let page = Math.min(PAGE_ROWS, Math.max(FIRST_PAGE_ROWS, options.perQuestion * 2));
  const done = () => wanted.every((q) => texts.get(q.id)!.length >= options.perQuestion);
  while (wanted.length > 0 && !done() && scanned < options.scanRows) {
    const limit = Math.min(page, options.scanRows - scanned);
    page = Math.min(PAGE_ROWS, page * 2);
    const rows = await listResponsesNewestFirst(db, surveyId, {
      before,
      from: options.range?.from,
      to: options.range?.to,
      limit,
    });
    for (const row of rows) {
      if (options.keep && !options.keep(row)) continue;
      const answers = parseAnswers(row.answers);
      for (const question of wanted) {
        const list = texts.get(question.id)!;
        if (list.length >= options.perQuestion) continue;
        const text = freeTextOf(question, answerFor(answers, question.id));
        if (text !== undefined) list.push(text);
      }
    }
    scanned += rows.length;
    if (rows.length < limit) break;
    before = rows.at(-1)!.id;
  }
  return texts;
}

export type InsightsDeps = Pick<AppContext, 'db' | 'config' | 'log'>;

/** Themes and sentiment of a question's free texts, for whoever may see the survey's results. */
export function createInsightsService(deps: InsightsDeps) {
  const db = deps.db.kysely;
  const access = createSurveyAccess(deps);
  const namer: ThemeNamer | undefined = deps.config.ai ? createAiThemeNamer(deps.config.ai, deps.log) : undefined;

  return {
    /**
     * GET /api/surveys/:surveyId/results/insights?questionId=: the newest INSIGHTS_LIMITS.answers free texts of
     * the question within the filter, read by the built-in language model; with an AI provider configured, its
     * names and merges of the themes (the built-in themes whenever it fails). 404 QUESTION_NOT_FOUND for a
     * question the survey never had, 400 INSIGHTS_NOT_AVAILABLE for one without free texts.
     */
    async getInsights(
      actor: Actor,
      surveyId: string,
      query: ResultsFilter & { questionId: string },
    ): Promise<InsightsResponse> {
      const survey = await access.loadSurveyFor(actor, surveyId, 'view-results');
      const question = await findSurveyQuestion(db, survey.id, query.questionId);
      if (!question) throw new NotFoundError('QUESTION_NOT_FOUND', { questionId: query.questionId });
      if (!hasFreeTexts(question)) throw new BadRequestError('INSIGHTS_NOT_AVAILABLE');
      const keep = await keepFor(db, survey.id, query);
      const texts = await readFreeTexts(db, survey.id, [question], {
        range: { from: query.from, to: query.to },
        keep,
        perQuestion: INSIGHTS_LIMITS.answers,
        scanRows: INSIGHTS_SCAN_ROWS,
      });
      const analysis = await analyseTexts(texts.get(question.id) ?? []);
      const named = namer ? await namer.name(analysis) : undefined;
      return {
        questionId: question.id,
        answerCount: analysis.texts.length,
        themes: named ?? builtinThemes(analysis),
        sentiment: analysis.sentiment,
        source: named ? 'ai' : 'builtin',
      };
    },
  };
}

/**
 * The results filter's conditions and `hideFlagged` as a test of one response (from/to are the query's), or
 * undefined when they keep every response. Refuses a filter that does not fit the survey (400) before anything is
 * read. Duplicates share their text answers, so keeping the first of each met (rather than the earliest stored)
 * reads the same texts.
 */
async function keepFor(
  db: Kysely<Database>,
  surveyId: string,
  filter: ResultsFilter,
): Promise<KeepResponse | undefined> {
  if (!filter.filters?.length && !filter.hideFlagged) return undefined;
  const questions = (await listResultQuestions(db, surveyId)).map(toResultQuestion);
  const compiled = compileFilter(filter, questions, await findDeclaredHiddenFields(db, surveyId));
  await checkFilterLanguages(db, surveyId, filter);
  const rules = compiled.hideFlagged ? await loadFlagRules(db, surveyId, questions) : undefined;
  const textsMet = new Set<string>();
  return (row) => {
    const answers = readStoredAnswers(row.answers);
    const hiddenFields = compiled.readsHiddenFields ? parseHiddenFields(row.hidden_fields) : undefined;
    if (compiled.hasConditions && !compiled.matches({ answers, hiddenFields, language: row.language })) return false;
    if (!rules) return true;
    const durationMs = row.duration_ms === null ? null : Number(row.duration_ms);
    if (flagsOf(rules, { answers, durationMs }, false).length > 0) return false;
    if (row.text_hash === null) return true;
    if (textsMet.has(row.text_hash)) return false;
    textsMet.add(row.text_hash);
    return true;
  };
}
