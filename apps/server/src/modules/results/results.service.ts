import {
  emptyAnswers,
  isAnswerValue,
  percentageOf,
  ratingOptions,
  RESPONSES_PAGE,
  RESULTS_MESSAGES,
  type AnswerValue,
  type QuestionResult,
  type Question,
  type ResponseRow,
  type ResponsesPage,
  type ResultsResponse,
  type Statistic,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import {
  listResponsesBefore,
  readResultsSnapshot,
  type AnswerCountRow,
  type QuestionTotalRow,
  type ResponseDbRow,
  type ResultsQuestionRow,
} from './results.repository';
import { questionFromRow } from '../surveys/question-row';
import { createSurveyAccess, type Actor } from '../surveys/survey-policy';

/** A stored question as the results need it: current or deleted. */
export type ResultQuestion = Question & { isDeleted: boolean };

export function toResultQuestion(row: ResultsQuestionRow): ResultQuestion {
  return { ...questionFromRow(row), isDeleted: row.is_deleted === 1 };
}

/**
 * Per-question statistics from the running counts, never from the responses themselves.
 *
 * - Choice questions: every option in option order, zero counts included, then answers that are no longer
 *   among the options (most given first).
 * - Rating questions: every value from min to max, then values outside the scale; plus the average and the
 *   number of ratings.
 * - Text questions: no statistics.
 *
 * `percentage` is the share of the responses that answered the question, so checkbox shares can add up past 100.
 */
export function buildQuestionResults(
  questions: readonly ResultQuestion[],
  counts: readonly AnswerCountRow[],
  totals: readonly QuestionTotalRow[],
): QuestionResult[] {
  const countsByQuestion = new Map<string, Map<string, number>>();
  for (const row of counts) {
    let byAnswer = countsByQuestion.get(row.question_id);
    if (!byAnswer) countsByQuestion.set(row.question_id, (byAnswer = new Map()));
    byAnswer.set(row.answer, (byAnswer.get(row.answer) ?? 0) + row.count);
  }
  const totalsByQuestion = new Map(totals.map((t) => [t.question_id, t]));

  return questions.map((question) => {
    const total = totalsByQuestion.get(question.id);
    const answered = total?.answered ?? 0;
    const base = { id: question.id, text: question.text, type: question.type, isDeleted: question.isDeleted };
    if (question.type === 'text') return { ...base, answeredCount: answered, statistics: [] };

    const byAnswer = countsByQuestion.get(question.id) ?? new Map<string, number>();
    const listed = question.type === 'rating' ? ratingOptions(question.ratingScale) : question.options;
    const statistic = (answer: string, count: number): Statistic => ({
      answer,
      count,
      percentage: percentageOf(count, answered),
    });
    const known = new Set(listed);
    const statistics = [
      ...listed.map((answer) => statistic(answer, byAnswer.get(answer) ?? 0)),
      ...[...byAnswer]
        .filter(([answer, count]) => !known.has(answer) && count > 0)
        .sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0))
        .map(([answer, count]) => statistic(answer, count)),
    ];
    if (question.type !== 'rating') return { ...base, answeredCount: answered, statistics };
    return {
      ...base,
      answeredCount: answered,
      statistics,
      average: answered > 0 ? (total?.rating_sum ?? 0) / answered : null,
      ratingCount: answered,
      ratingScale: question.ratingScale,
    };
  });
}

/**
 * A response's stored answers JSON, read back as a record without a prototype holding only what is an answer.
 * JSON.parse gives `{"__proto__": …}` an own key of that name; copied here it stays an ordinary key, and an id
 * such as "constructor" that was not answered reads as nothing instead of Object.prototype's member.
 */
export function parseAnswers(json: string): Record<string, AnswerValue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json) as unknown;
  } catch {
    return emptyAnswers();
  }
  const answers = emptyAnswers();
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return answers;
  for (const [questionId, value] of Object.entries(parsed)) {
    if (isAnswerValue(value)) answers[questionId] = value;
  }
  return answers;
}

export function toResponseRow(row: ResponseDbRow): ResponseRow {
  return { responseId: row.id, submittedAt: row.submitted_at, answers: parseAnswers(row.answers) };
}

/** Rows fetched with one extra, turned into a page and the cursor of the next one. */
function toPage(rows: readonly ResponseDbRow[], limit: number): ResponsesPage {
  const page = rows.slice(0, limit);
  return {
    responses: page.map(toResponseRow),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export type ResultsDeps = Pick<AppContext, 'db'>;

/** The results of a survey for its owner or an administrator: statistics and pages of responses. */
export function createResultsService(deps: ResultsDeps) {
  const db = deps.db.kysely;
  const access = createSurveyAccess(deps);

  return {
    access,

    /** GET /api/surveys/:surveyId/results */
    async getResults(actor: Actor, surveyId: string): Promise<ResultsResponse> {
      await access.loadSurveyFor(actor, surveyId, 'view-results');
      const limit = RESPONSES_PAGE.defaultLimit;
      const snapshot = await readResultsSnapshot(db, surveyId, limit);
      if (!snapshot) throw new NotFoundError(RESULTS_MESSAGES.notFound);
      const { survey, questions, counts, totals, newest } = snapshot;
      const page = toPage(newest, limit);
      return {
        surveyId: survey.id,
        projectId: survey.project_id,
        state: survey.state,
        title: survey.title,
        totalResponses: survey.response_count,
        questions: buildQuestionResults(questions.map(toResultQuestion), counts, totals),
        responses: page.responses,
        nextCursor: page.nextCursor,
      };
    },

    /** GET /api/surveys/:surveyId/responses?cursor=&limit= — newest first, keyset pages. */
    async getResponsesPage(
      actor: Actor,
      surveyId: string,
      query: { cursor?: string; limit: number },
    ): Promise<ResponsesPage> {
      await access.loadSurveyFor(actor, surveyId, 'view-results');
      const rows = await listResponsesBefore(db, surveyId, { before: query.cursor, limit: query.limit + 1 });
      return toPage(rows, query.limit);
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
