import type { Readable } from 'node:stream';
import {
  csvFileName,
  isRequired,
  EXPORT_LINK_TTL_SECONDS,
  percentageOf,
  RESULTS_VIEWED_AUDIT_MINUTES,
  RESPONSES_PAGE,
  type ExportLinkResponse,
  type QuestionResult,
  type ResponsesPage,
  type ResultsResponse,
  type Statistic,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { serverQuestionType } from '../../question-types';
import type { Principal } from '../../lib/principal';
import { findPrincipal } from '../auth/auth.repository';
import { principalFromToken } from '../auth/auth.guard';
import { createSurveyAccess, type Actor } from '../surveys/survey-policy';
import { createExportLinkSigner } from './export-link';
import { toResponseRow, toResultQuestion, type ResultQuestion } from './result-rows';
import { createCsvExportStream } from './results.csv';
import {
  findDeclaredHiddenFields,
  findResultsSurvey,
  listResponsesBefore,
  readResultsSnapshot,
  type AnswerCountRow,
  type QuestionTotalRow,
  type ResponseDbRow,
} from './results.repository';
import { openResultsStream, type ResultsStream } from './results.stream';

/**
 * Per-question statistics from the running counts, never from the responses themselves.
 *
 * - Choice questions: every option in option order, zero counts included, then answers that are no longer
 *   among the options (most given first).
 * - Rating questions: every value from min to max, then values outside the scale; plus the average and the
 *   number of ratings.
 * - Text and email questions: no statistics.
 * - Every other type: see its module in question-types (NPS, number, date, dropdown, ranking, matrix).
 * - Every question: `answeredCount` out of `seenCount`, the responses that had it on their path.
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
    const counts = {
      byAnswer: countsByQuestion.get(question.id) ?? new Map<string, number>(),
      answered,
      ratingSum: total?.rating_sum ?? 0,
    };
    const statistic = (answer: string, count: number): Statistic => ({
      answer,
      count,
      percentage: percentageOf(count, answered),
    });
    return {
      id: question.id,
      text: question.text,
      type: question.type,
      isDeleted: question.isDeleted,
      required: isRequired(question),
      ...(question.description ? { description: question.description } : {}),
      answeredCount: answered,
      seenCount: total?.seen ?? 0,
      ...serverQuestionType(question.type).results(question, counts, statistic),
    };
  });
}

/** Rows fetched with one extra, turned into a page and the cursor of the next one. */
function toPage(rows: readonly ResponseDbRow[], limit: number): ResponsesPage {
  const page = rows.slice(0, limit);
  return {
    responses: page.map(toResponseRow),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export type ResultsDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'tokens' | 'liveEvents' | 'audit' | 'metrics'>;

/** How a CSV download proves who asks: a signed link made for this survey, or else a session token. */
export interface DownloadCredentials {
  link: string | undefined;
  bearer: string | undefined;
}

/**
 * The results of a survey for whoever may see them: statistics, pages of responses, the CSV export behind a
 * short-lived signed link, and live updates.
 */
export function createResultsService(deps: ResultsDeps) {
  const { clock, tokens, liveEvents, audit } = deps;
  const db = deps.db.kysely;
  const access = createSurveyAccess(deps);
  const signer = createExportLinkSigner(deps.config.jwtSecret);
  /** The live streams open now, so shutting down can end them. */
  const openStreams = new Set<() => void>();

  /** The account behind a download: a valid signed link for this survey, else a session token. */
  async function downloader(surveyId: string, credentials: DownloadCredentials): Promise<Actor> {
    if (credentials.link !== undefined) {
      const claims = signer.verify(credentials.link);
      const valid = claims && claims.surveyId === surveyId && claims.expiresAt > clock.now().getTime();
      const account = valid ? await findPrincipal(db, claims.principalType, claims.principalId) : undefined;
      if (!claims || !account || account.token_version !== claims.tokenVersion) {
        throw new UnauthorizedError('EXPORT_LINK_EXPIRED');
      }
      return { id: account.id, type: claims.principalType };
    }
    const principal = credentials.bearer ? await principalFromToken(db, tokens, credentials.bearer) : null;
    if (!principal) throw new UnauthorizedError();
    return principal;
  }

  return {
    /**
     * GET /api/surveys/:surveyId/results. An administrator opening another person's results is recorded in the
     * audit log (`admin.results.viewed`), at most once per administrator and survey every
     * RESULTS_VIEWED_AUDIT_MINUTES, so reloads, polling and live reconnects do not flood it. Pages of responses,
     * the live stream and the CSV are not recorded apart: each follows an opening of the results.
     */
    async getResults(actor: Actor, surveyId: string, address: string | null = null): Promise<ResultsResponse> {
      const row = await access.loadSurveyFor(actor, surveyId, 'view-results');
      if (actor.type === 'admin') {
        await audit.recordAtMostEvery(RESULTS_VIEWED_AUDIT_MINUTES, {
          type: 'admin.results.viewed',
          actor: auditActor(actor),
          address,
          target: { type: 'survey', id: row.id },
          details: { title: row.title },
        });
      }
      const limit = RESPONSES_PAGE.defaultLimit;
      const snapshot = await readResultsSnapshot(db, surveyId, limit);
      if (!snapshot) throw new NotFoundError('SURVEY_NOT_FOUND');
      const { survey, questions, counts, totals, newest } = snapshot;
      const page = toPage(newest, limit);
      return {
        surveyId: survey.id,
        projectId: survey.project_id,
        state: survey.state,
        title: survey.title,
        totalResponses: survey.response_count,
        matchingResponses: survey.response_count,
        timeZone: 'UTC',
        timeline: [],
        funnel: { views: 0, starts: 0, completions: 0, completionRate: 0, medianCompletionSeconds: null, dropOff: [] },
        questions: buildQuestionResults(questions.map(toResultQuestion), counts, totals),
        hiddenFields: await findDeclaredHiddenFields(db, surveyId),
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

    /**
     * POST /api/surveys/:surveyId/results/export-link: a link the browser downloads the CSV from, bound to this
     * survey and to the account at its current token version, valid for EXPORT_LINK_TTL_SECONDS.
     */
    async createExportLink(principal: Principal, surveyId: string): Promise<ExportLinkResponse> {
      const survey = await access.loadSurveyFor(principal, surveyId, 'export-results');
      const expiresAt = clock.now().getTime() + EXPORT_LINK_TTL_SECONDS * 1000;
      const token = signer.sign({
        surveyId: survey.id,
        principalType: principal.type,
        principalId: principal.id,
        tokenVersion: principal.tokenVersion,
        expiresAt,
      });
      return {
        url: `/api/surveys/${encodeURIComponent(survey.id)}/results.csv?token=${token}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    /** GET /api/surveys/:surveyId/results.csv: the file's name and its streamed bytes, for whoever may export. */
    async openCsvDownload(
      surveyId: string,
      credentials: DownloadCredentials,
    ): Promise<{ fileName: string; body: Readable }> {
      const survey = await access.loadSurveyFor(await downloader(surveyId, credentials), surveyId, 'export-results');
      return { fileName: csvFileName(survey.title), body: await createCsvExportStream(db, survey.id) };
    },

    /**
     * GET /api/surveys/:surveyId/results/stream: a live results stream for whoever may see the results. It ends
     * by itself after its maximum duration, when `close()` is called, or when the server closes.
     */
    async openLiveStream(actor: Actor, surveyId: string): Promise<ResultsStream> {
      const survey = await access.loadSurveyFor(actor, surveyId, 'view-results');
      const stream = openResultsStream(liveEvents, survey.id, async () => {
        const fresh = await findResultsSurvey(db, survey.id);
        return fresh?.response_count ?? Number(survey.response_count);
      });
      const untrack = deps.metrics.trackSseConnection();
      const close = () => {
        openStreams.delete(close);
        untrack();
        stream.close();
      };
      openStreams.add(close);
      stream.body.on('close', close);
      return { body: stream.body, close };
    },

    /** Ends every open live stream: open streams would keep the server from closing. */
    closeLiveStreams(): void {
      for (const close of [...openStreams]) close();
    },
  };
}
