import { readFunnel } from './funnel';
import type { Readable } from 'node:stream';
import {
  exportFileName,
  isFiltered,
  isRequired,
  EXPORT_LINK_TTL_SECONDS,
  percentageOf,
  OTHER_TEXTS_LISTED,
  RESULTS_VIEWED_AUDIT_MINUTES,
  RESPONSES_PAGE,
  resultsFilterParams,
  type ExportFormat,
  type ExportLinkResponse,
  type QuestionResult,
  type ResponseFlag,
  type ResponsesPage,
  type ResultsFilter,
  type ResultsResponse,
  type Statistic,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { AppError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { serverQuestionType } from '../../question-types';
import type { Principal } from '../../lib/principal';
import type { AccessEndedEvent } from '../../events/live-events';
import { findApiKeyOfUser, parseScopes } from '../api-keys';
import { findPrincipal, principalFromToken } from '../auth';
import { createSurveyAccess, type Actor } from '../surveys';
import { createExportLinkSigner } from './export-link';
import { openExportSource } from './export-rows';
import { keptResponsesBefore, scanKeptResponses } from './filtered-responses';
import { createResultsCounter } from './filtered-results';
import { compileFilter, type CompiledFilter } from './response-filter';
import { checkFilterLanguages, languageBreakdown } from './filter-languages';
import { flagResponses } from './response-flags';
import { collectOtherTexts, questionsWithOtherTexts, withOtherTexts } from './other-texts';
import { toResponseRow, toResultQuestion, type ResultQuestion } from './result-rows';
import { createCsvExportStream } from './results.csv';
import {
  findDeclaredHiddenFields,
  findResultsSurvey,
  findSurveyLanguages,
  latestResponseId,
  listResponsesByIds,
  listResultQuestions,
  readResultsSnapshot,
  type ResponseDbRow,
} from './results.repository';
import { daysFromQuarters, type AnswerCountRow, type QuestionTotalRow } from '../tallies';
import { openResultsStream, type ResultsStream } from './results.stream';
import { createXlsxExportStream, XLSX_CONTENT_TYPE } from './results.xlsx';

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

/**
 * Rows fetched with one extra, turned into a page and the cursor of the next one; each row with its quality flags
 * (`flags`: id → flags, else none).
 */
function toPage(
  rows: readonly ResponseDbRow[],
  limit: number,
  flags: ReadonlyMap<string, ResponseFlag[]>,
): ResponsesPage {
  const page = rows.slice(0, limit);
  return {
    responses: page.map((row) => toResponseRow(row, flags.get(row.id) ?? [])),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The ids of the questions asked now, in order (the funnel's drop-off). */
const currentIds = (questions: readonly ResultQuestion[]) => questions.filter((q) => !q.isDeleted).map((q) => q.id);

/** The results query: the filter, and the time zone the timeline counts days in (UTC when left out). */
export interface ResultsQuery extends ResultsFilter {
  tz?: string | undefined;
}

/** The filter fields of a query or body, without anything else it holds. */
function filterOf(query: ResultsFilter): ResultsFilter {
  return { from: query.from, to: query.to, filters: query.filters, hideFlagged: query.hideFlagged };
}

export type ResultsDeps = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'tokens' | 'liveEvents' | 'audit' | 'metrics' | 'log'
>;

/** An open live stream: who opened it, with which credential, on which survey. */
interface OpenStream {
  principal: Principal;
  surveyId: string;
  close(): void;
}

/** How a CSV download proves who asks: a signed link made for this survey, or else a session token. */
export interface DownloadCredentials {
  link: string | undefined;
  bearer: string | undefined;
  /** The account an API key signed in (the route's guard checked the key and its scope). */
  apiKeyPrincipal?: Actor | null;
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
  /**
   * The live streams open now, with who opened them on which survey: shutting down ends them all, and an
   * access-ended event checks again those of the account it names.
   */
  const openStreams = new Set<OpenStream>();

  /**
   * Whether a stream's opener may still listen: its credential still works (the session is not signed out, nor
   * its token version outdated; the API key is not revoked and still has the scope) and it may still see the
   * survey's results (for a user, still a member of its workspace).
   */
  async function mayStillListen(principal: Principal, surveyId: string): Promise<boolean> {
    if (principal.apiKey) {
      if (!(await keyMayRead(principal.id, principal.apiKey.id))) return false;
    } else {
      const row = await findPrincipal(db, principal.type, principal.id, principal.session?.id);
      if (!row || row.revoked || row.token_version !== principal.tokenVersion) return false;
    }
    try {
      await access.loadSurveyFor(principal, surveyId, 'view-results');
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return false;
      throw error;
    }
  }

  /** Checks again each of the account's open streams, and closes those whose access has ended. */
  async function checkStreamsOf(event: AccessEndedEvent): Promise<void> {
    const streams = [...openStreams].filter(
      (s) => s.principal.type === event.accountType && s.principal.id === event.accountId,
    );
    await Promise.all(
      streams.map(async (stream) => {
        // A check that cannot be made closes the stream too: the client reconnects, which checks it in full.
        const allowed = await mayStillListen(stream.principal, stream.surveyId).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'live results: could not check a stream again; closing it');
          return false;
        });
        if (!allowed) stream.close();
      }),
    );
  }

  /** Whether the user's API key is still there (not revoked) and may still read responses. */
  async function keyMayRead(userId: string, keyId: string): Promise<boolean> {
    const key = await findApiKeyOfUser(db, userId, keyId);
    return key !== undefined && parseScopes(key.scopes).includes('responses:read');
  }

  /** The account behind a download: a valid signed link for this survey, else a session token. */
  async function downloader(surveyId: string, credentials: DownloadCredentials): Promise<Actor> {
    if (credentials.link !== undefined) {
      const claims = signer.verify(credentials.link);
      const valid = claims && claims.surveyId === surveyId && claims.expiresAt > clock.now().getTime();
      const account = valid ? await findPrincipal(db, claims.principalType, claims.principalId) : undefined;
      if (!claims || !account || account.token_version !== claims.tokenVersion) {
        throw new UnauthorizedError('EXPORT_LINK_EXPIRED');
      }
      // A link made with an API key ends with the key: revoked (or no longer allowed to read responses), it fails.
      if (claims.apiKeyId !== undefined && !(await keyMayRead(account.id, claims.apiKeyId))) {
        throw new UnauthorizedError('EXPORT_LINK_KEY_REVOKED');
      }
      return { id: account.id, type: claims.principalType };
    }
    if (credentials.apiKeyPrincipal) return credentials.apiKeyPrincipal;
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
    async getResults(
      actor: Actor,
      surveyId: string,
      address: string | null = null,
      query: ResultsQuery = {},
    ): Promise<ResultsResponse> {
      const row = await access.loadSurveyFor(actor, surveyId, 'view-results');
      const filter = filterOf(query);
      const timeZone = query.tz ?? 'UTC';
      // A filter that does not fit the survey is refused before anything is recorded or read.
      let filtered: { questions: ResultQuestion[]; hiddenFields: string[]; compiled: CompiledFilter } | undefined;
      if (isFiltered(filter)) {
        const questions = (await listResultQuestions(db, surveyId)).map(toResultQuestion);
        const hiddenFields = await findDeclaredHiddenFields(db, surveyId);
        filtered = { questions, hiddenFields, compiled: compileFilter(filter, questions, hiddenFields) };
        await checkFilterLanguages(db, surveyId, filter);
      }
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

      if (!filtered) {
        // Unfiltered: the counters and the stored "Other" texts, read together in one snapshot; never a scan of the
        // responses.
        const snapshot = await readResultsSnapshot(db, surveyId, limit, {
          questionIds: (rows, counts) => questionsWithOtherTexts(rows.map(toResultQuestion), counts),
          limit: OTHER_TEXTS_LISTED,
        });
        if (!snapshot) throw new NotFoundError('SURVEY_NOT_FOUND');
        const { survey, counts, totals, newest, quarters, otherTexts } = snapshot;
        const questions = snapshot.questions.map(toResultQuestion);
        const page = toPage(newest, limit, await flagResponses(db, surveyId, newest.slice(0, limit), questions));
        const funnel = await readFunnel(db, surveyId, currentIds(questions));
        return {
          surveyId: survey.id,
          projectId: survey.project_id,
          // As the survey reads now: past its closing time it is closed.
          state: row.state,
          title: survey.title,
          totalResponses: survey.response_count,
          matchingResponses: survey.response_count,
          timeZone,
          timeline: daysFromQuarters(quarters, timeZone),
          funnel,
          questions: withOtherTexts(buildQuestionResults(questions, counts, totals), otherTexts),
          hiddenFields: await findDeclaredHiddenFields(db, surveyId),
          languages: languageBreakdown(snapshot.languages, snapshot.byLanguage),
          responses: page.responses,
          nextCursor: page.nextCursor,
        };
      }

      // Filtered: one pass over the survey's responses up to the newest one now, counting each kept response into
      // the counters a submission moves, then the same statistics as from the stored counters.
      const survey = await findResultsSurvey(db, surveyId);
      if (!survey) throw new NotFoundError('SURVEY_NOT_FOUND');
      const { questions, hiddenFields, compiled } = filtered;
      const counter = createResultsCounter(questions, limit + 1);
      const upTo = await latestResponseId(db, surveyId);
      const byLanguage = new Map<string, number>();
      const otherTexts = collectOtherTexts(questions);
      for await (const kept of scanKeptResponses(db, surveyId, questions, compiled, upTo)) {
        for (const response of kept) {
          counter.add(response);
          otherTexts.add(response.answers);
          const { language } = response.row;
          byLanguage.set(language, (byLanguage.get(language) ?? 0) + 1);
        }
      }
      // The scan read only what counting needs: the page's rows are read again whole.
      const newest = counter.newest();
      const rows = await listResponsesByIds(
        db,
        surveyId,
        newest.map((response) => response.row.id),
      );
      const flags = compiled.hideFlagged
        ? new Map(newest.map((response) => [response.row.id, response.flags ?? []]))
        : await flagResponses(db, surveyId, rows.slice(0, limit), questions);
      const page = toPage(rows, limit, flags);
      const { counts, totals } = counter.rows();
      const funnel = await readFunnel(db, surveyId, currentIds(questions));
      return {
        surveyId: survey.id,
        projectId: survey.project_id,
        state: row.state,
        title: survey.title,
        totalResponses: survey.response_count,
        matchingResponses: counter.matching(),
        timeZone,
        timeline: daysFromQuarters(counter.quarters(), timeZone),
        funnel,
        questions: withOtherTexts(buildQuestionResults(questions, counts, totals), otherTexts.texts()),
        hiddenFields,
        languages: languageBreakdown(await findSurveyLanguages(db, surveyId), byLanguage),
        responses: page.responses,
        nextCursor: page.nextCursor,
      };
    },

    /**
     * GET /api/surveys/:surveyId/responses?cursor=&limit=&(filter) — the responses the filter keeps, newest first,
     * in keyset pages, each with its quality flags.
     */
    async getResponsesPage(
      actor: Actor,
      surveyId: string,
      query: ResultsFilter & { cursor?: string | undefined; limit: number },
    ): Promise<ResponsesPage> {
      await access.loadSurveyFor(actor, surveyId, 'view-results');
      const questions = (await listResultQuestions(db, surveyId)).map(toResultQuestion);
      const compiled = compileFilter(filterOf(query), questions, await findDeclaredHiddenFields(db, surveyId));
      await checkFilterLanguages(db, surveyId, query);
      const kept = await keptResponsesBefore(db, surveyId, questions, compiled, {
        before: query.cursor,
        limit: query.limit + 1,
      });
      const rows = kept.map((response) => response.row);
      const flags = compiled.hideFlagged
        ? new Map(kept.map((response) => [response.row.id, response.flags ?? []]))
        : await flagResponses(db, surveyId, rows.slice(0, query.limit), questions);
      return toPage(rows, query.limit, flags);
    },

    /**
     * POST /api/surveys/:surveyId/results/export-link: a link the browser downloads the CSV or the XLSX from, bound
     * to this survey and to the account at its current token version (and to the API key, when one made it),
     * valid for EXPORT_LINK_TTL_SECONDS; the
     * filter rides along as query parameters (checked against the survey here, so a bad one is refused now).
     */
    async createExportLink(
      principal: Principal,
      surveyId: string,
      body: ResultsFilter & { format?: ExportFormat | undefined } = {},
    ): Promise<ExportLinkResponse> {
      const survey = await access.loadSurveyFor(principal, surveyId, 'export-results');
      const filter = filterOf(body);
      if (isFiltered(filter)) {
        compileFilter(
          filter,
          (await listResultQuestions(db, surveyId)).map(toResultQuestion),
          await findDeclaredHiddenFields(db, surveyId),
        );
        await checkFilterLanguages(db, surveyId, filter);
      }
      const expiresAt = clock.now().getTime() + EXPORT_LINK_TTL_SECONDS * 1000;
      const token = signer.sign({
        surveyId: survey.id,
        principalType: principal.type,
        principalId: principal.id,
        tokenVersion: principal.tokenVersion,
        expiresAt,
        ...(principal.apiKey ? { apiKeyId: principal.apiKey.id } : {}),
      });
      const params = resultsFilterParams(filter);
      const extra = params.size > 0 ? `&${params.toString()}` : '';
      const format = body.format ?? 'csv';
      return {
        url: `/api/surveys/${encodeURIComponent(survey.id)}/results.${format}?token=${token}${extra}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    /**
     * GET /api/surveys/:surveyId/results.csv and .xlsx: the file's name, content type and streamed bytes, for
     * whoever may export, holding the responses the filter keeps.
     */
    async openDownload(
      format: ExportFormat,
      surveyId: string,
      credentials: DownloadCredentials,
      query: ResultsFilter = {},
    ): Promise<{ fileName: string; contentType: string; body: Readable }> {
      const survey = await access.loadSurveyFor(await downloader(surveyId, credentials), surveyId, 'export-results');
      const filter = filterOf(query);
      const fileName = exportFileName(survey.title, format);
      if (format === 'csv') {
        return {
          fileName,
          contentType: 'text/csv; charset=utf-8',
          body: await createCsvExportStream(db, survey.id, filter),
        };
      }
      const source = await openExportSource(db, survey.id, filter);
      const counter = createResultsCounter(source.columns.questions);
      const body = createXlsxExportStream(source, {
        add: (response) => counter.add(response),
        results: () => {
          const { counts, totals } = counter.rows();
          return {
            matching: counter.matching(),
            questions: buildQuestionResults(source.columns.questions, counts, totals),
          };
        },
      });
      return { fileName, contentType: XLSX_CONTENT_TYPE, body };
    },

    /**
     * GET /api/surveys/:surveyId/results/stream: a live results stream for whoever may see the results. It ends
     * by itself after its maximum duration, when `close()` is called, or when the server closes.
     */
    async openLiveStream(principal: Principal, surveyId: string): Promise<ResultsStream> {
      const survey = await access.loadSurveyFor(principal, surveyId, 'view-results');
      const stream = openResultsStream(liveEvents, survey.id, async () => {
        const fresh = await findResultsSurvey(db, survey.id);
        return fresh?.response_count ?? Number(survey.response_count);
      });
      const untrack = deps.metrics.trackSseConnection();
      const open: OpenStream = {
        principal,
        surveyId: survey.id,
        close: () => {
          if (!openStreams.delete(open)) return;
          untrack();
          stream.close();
        },
      };
      openStreams.add(open);
      stream.body.on('close', open.close);
      return { body: stream.body, close: open.close };
    },

    /** Ends every open live stream: open streams would keep the server from closing. */
    closeLiveStreams(): void {
      for (const open of [...openStreams]) open.close();
    },

    /**
     * Starts hearing access-ended events from every instance: each checks again the named account's open streams
     * here and closes those whose access has ended. Answers a function that stops hearing them.
     */
    watchAccessEnded(): () => void {
      let stop: (() => void) | undefined;
      let stopped = false;
      void liveEvents
        .onAccessEnded((event) => void checkStreamsOf(event))
        .then((unsubscribe) => (stopped ? unsubscribe() : (stop = unsubscribe)));
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
