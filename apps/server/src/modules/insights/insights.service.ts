import type { Kysely } from 'kysely';
import { answerFor, INSIGHTS_LIMITS, type InsightsResponse, type Question, type ResultsFilter } from '@quorum/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors';
import {
  compileFilter,
  checkFilterLanguages,
  flagsOf,
  loadFlagRules,
  findDeclaredHiddenFields,
  latestResponseId,
  listResultQuestions,
  type ResponseDbRow,
  parseHiddenFields,
  readStoredAnswers,
  toResultQuestion,
} from '../results';
import { parseAnswers } from '../responses';
import { createSurveyAccess, type Actor } from '../surveys';
import { createAiThemeNamer, type ThemeNamer } from './ai-theme-naming';
import { freeTextOf, hasFreeTexts } from '../tallies';
import type { AnalysisPool } from './insights-pool';
import { findSurveyQuestion, listResponsesNewestFirst } from './insights.repository';
import { builtinThemes } from './text-analysis';

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
  // Each question with free texts and the texts read for it so far.
  const wanted = questions.filter(hasFreeTexts).map((question) => ({ question, list: new Array<string>() }));
  let before: string | undefined;
  let scanned = 0;
  let page = Math.min(PAGE_ROWS, Math.max(FIRST_PAGE_ROWS, options.perQuestion * 2));
  const done = () => wanted.every(({ list }) => list.length >= options.perQuestion);
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
      for (const { question, list } of wanted) {
        if (list.length >= options.perQuestion) continue;
        const text = freeTextOf(question, answerFor(answers, question.id));
        if (text !== undefined) list.push(text);
      }
    }
    scanned += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < limit) break;
    before = last.id;
  }
  return new Map(wanted.map(({ question, list }) => [question.id, list]));
}

/**
 * The sample one insight reads of a question: the newest free texts the filter keeps, at most
 * INSIGHTS_LIMITS.answers of them and INSIGHTS_LIMITS.textBytes of text (UTF-8) together, and how many such texts
 * the responses read hold (`total`). Reading goes on past the sample only to count, and stops at `scanRows`
 * responses.
 */
export async function readInsightSample(
  db: Kysely<Database>,
  surveyId: string,
  question: Question,
  options: { range?: Pick<ResultsFilter, 'from' | 'to'>; keep?: KeepResponse | undefined; scanRows: number },
): Promise<{ texts: string[]; total: number }> {
  const texts: string[] = [];
  let bytes = 0;
  let full = false;
  let total = 0;
  let before: string | undefined;
  let scanned = 0;
  while (scanned < options.scanRows) {
    const limit = Math.min(PAGE_ROWS, options.scanRows - scanned);
    const rows = await listResponsesNewestFirst(db, surveyId, {
      before,
      from: options.range?.from,
      to: options.range?.to,
      limit,
    });
    for (const row of rows) {
      if (options.keep && !options.keep(row)) continue;
      const text = freeTextOf(question, answerFor(parseAnswers(row.answers), question.id));
      if (text === undefined) continue;
      total += 1;
      if (full) continue;
      const size = Buffer.byteLength(text);
      // The sample is the newest texts without a gap: the first that does not fit ends it.
      if (texts.length >= INSIGHTS_LIMITS.answers || bytes + size > INSIGHTS_LIMITS.textBytes) full = true;
      else {
        texts.push(text);
        bytes += size;
      }
    }
    scanned += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < limit) break;
    before = last.id;
  }
  return { texts, total };
}

/** Insights kept at most per instance, the least recently read dropped first. */
export const INSIGHTS_CACHE_ENTRIES = 200;

export type InsightsDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'metrics'>;

/** Themes and sentiment of a question's free texts, for whoever may see the survey's results. */
export function createInsightsService(deps: InsightsDeps, pool: AnalysisPool) {
  const db = deps.db.kysely;
  const access = createSurveyAccess(deps);
  const namer: ThemeNamer | undefined = deps.config.ai ? createAiThemeNamer(deps.config.ai, deps.log) : undefined;
  /**
   * Answers by what they were read from: the survey (its last edit), its responses (their count and the newest
   * id: any response stored or deleted changes one of them, on every instance) and the request's question and
   * filter. An entry holds the answer while it is being read, so the same request at the same time reads once.
   */
  const cache = new Map<string, Promise<InsightsResponse>>();

  async function read(
    survey: { id: string },
    question: Question,
    query: ResultsFilter & { questionId: string },
  ): Promise<InsightsResponse> {
    const keep = await keepFor(db, survey.id, query);
    const { texts, total } = await readInsightSample(db, survey.id, question, {
      range: { from: query.from, to: query.to },
      keep,
      scanRows: INSIGHTS_SCAN_ROWS,
    });
    const analysis = await pool.analyse(texts);
    const named = namer ? await namer.name(analysis) : undefined;
    return {
      questionId: question.id,
      answerCount: analysis.texts.length,
      sample: { analysed: analysis.texts.length, total, truncated: analysis.texts.length < total },
      themes: named ?? builtinThemes(analysis),
      sentiment: analysis.sentiment,
      source: named ? 'ai' : 'builtin',
    };
  }

  return {
    /**
     * GET /api/surveys/:surveyId/results/insights?questionId=: the newest free texts of the question within the
     * filter (INSIGHTS_LIMITS), read by the built-in language model in a worker thread; with an AI provider
     * configured, its names and merges of the themes (the built-in themes whenever it fails). 404
     * QUESTION_NOT_FOUND for a question the survey never had, 400 INSIGHTS_NOT_AVAILABLE for one without free
     * texts, 503 INSIGHTS_BUSY when every worker is busy and the queue is full.
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
      const newest = await latestResponseId(db, survey.id);
      const key = JSON.stringify([survey.id, survey.updated_at, Number(survey.response_count), newest, query]);
      const cached = cache.get(key);
      if (cached) {
        // Read again: the most recently read entries are the last to go.
        cache.delete(key);
        cache.set(key, cached);
        deps.metrics.countInsights('cached');
        return cached;
      }
      const reading = read(survey, question, query);
      cache.set(key, reading);
      const oldest = cache.keys().next();
      if (cache.size > INSIGHTS_CACHE_ENTRIES && !oldest.done) cache.delete(oldest.value);
      try {
        const answer = await reading;
        deps.metrics.countInsights('analysed');
        return answer;
      } catch (error) {
        if (cache.get(key) === reading) cache.delete(key);
        if (error instanceof AppError && error.code === 'INSIGHTS_BUSY') deps.metrics.countInsights('busy');
        throw error;
      }
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
