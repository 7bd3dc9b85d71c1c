import { readFunnel, toResultQuestion, readResultsSnapshot, buildQuestionResults } from '../results';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens';
import { SHARED_TEXT_ANSWERS, type ResultsShare, type ResultsShareStatus, type SharedResults } from '@quorum/contract';
import type { AppContext } from '../../context';
import { auditActor } from '../../lib/audit';
import { NotFoundError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { readFreeTexts } from '../insights';
import { daysFromQuarters } from '../tallies';
import { createSurveyAccess, surveyAt, type Actor } from '../surveys';
import { createSecretBox } from '../two-factor';
import {
  deleteShare,
  findShareByTokenHash,
  findShareOfSurvey,
  insertShare,
  updateShare,
  type ShareRow,
} from './shares.repository';

/** Responses a shared report reads at most, newest first, for its text answers. */
export const SHARED_TEXT_SCAN_ROWS = 5_000;

/** What a sealed token is bound to: its survey, and this use (not a two-factor secret). */
const boxContext = (surveyId: string) => `result-share:${surveyId}`;

/** The report page's path for a token. */
export const sharedReportPath = (token: string) => `/shared/results/${token}`;

export type SharesDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'audit'>;

/**
 * A survey's read-only report behind a secret link. The token is 32 random bytes (base64url), found by its
 * SHA-256 and sealed with the server's secret box so the owner can see the same link again. A share whose seal no
 * longer opens (the server secret changed) counts as no share anywhere: its link is 404 and sharing again makes a
 * new one, as sessions and download links end with the secret.
 */
export function createSharesService(deps: SharesDeps) {
  const { clock, audit } = deps;
  const db = deps.db.kysely;
  const access = createSurveyAccess(deps);
  const box = createSecretBox(deps.config.jwtSecret);

  /** The token of a stored share, or undefined when its seal does not open to a token of that hash. */
  function tokenOf(row: ShareRow): string | undefined {
    const token = box.open(row.token_box, boxContext(row.survey_id));
    return token !== undefined && hashLinkToken(token) === row.token_hash ? token : undefined;
  }

  const toShare = (row: ShareRow, token: string): ResultsShare => ({
    url: sharedReportPath(token),
    includeTextAnswers: row.include_text_answers === 1,
    createdAt: row.created_at,
  });

  /** A new token for the survey, as stored. */
  function newToken(surveyId: string) {
    const { token, hash } = newLinkToken();
    return { token, token_hash: hash, token_box: box.seal(token, boxContext(surveyId)) };
  }

  return {
    /**
     * POST /api/surveys/:surveyId/results/share (editors and owners of its workspace): shares the results, or changes whether the
     * report shows text answers. The link stays the same until it is revoked. The first sharing is audited
     * (`results.share.created`).
     */
    async share(
      principal: Principal,
      surveyId: string,
      includeTextAnswers: boolean,
      address: string,
    ): Promise<ResultsShare> {
      const survey = await access.loadSurveyFor(principal, surveyId, 'share-results');
      const include = includeTextAnswers ? 1 : 0;
      const existing = await findShareOfSurvey(db, survey.id);
      const existingToken = existing && tokenOf(existing);
      if (existing && existingToken !== undefined) {
        await updateShare(db, survey.id, { include_text_answers: include });
        return toShare({ ...existing, include_text_answers: include }, existingToken);
      }
      const fresh = newToken(survey.id);
      const row: ShareRow = {
        survey_id: survey.id,
        token_hash: fresh.token_hash,
        token_box: fresh.token_box,
        include_text_answers: include,
        created_at: clock.now().toISOString(),
      };
      if (existing) {
        await updateShare(db, survey.id, row);
      } else if (!(await insertShare(db, row))) {
        // Shared a moment ago by another request: keep that link.
        const other = await findShareOfSurvey(db, survey.id);
        const otherToken = other && tokenOf(other);
        if (!other || otherToken === undefined) throw new NotFoundError('SURVEY_NOT_FOUND');
        await updateShare(db, survey.id, { include_text_answers: include });
        return toShare({ ...other, include_text_answers: include }, otherToken);
      }
      await audit.record({
        type: 'results.share.created',
        actor: auditActor(principal),
        address,
        target: { type: 'survey', id: survey.id },
        details: { title: survey.title, includeTextAnswers },
      });
      return toShare(row, fresh.token);
    },

    /**
     * GET /api/surveys/:surveyId/results/share (editors and owners of its workspace, and administrators; viewers
     * 403): the share, or null.
     */
    async status(actor: Actor, surveyId: string): Promise<ResultsShareStatus> {
      const survey = await access.loadSurveyFor(actor, surveyId, 'see-share-link');
      const row = await findShareOfSurvey(db, survey.id);
      const token = row && tokenOf(row);
      return { share: row && token !== undefined ? toShare(row, token) : null };
    },

    /**
     * DELETE /api/surveys/:surveyId/results/share (editors and owners of its workspace): the link answers 404 from now on. Revoking
     * what is not shared changes nothing; a revocation is audited (`results.share.revoked`).
     */
    async revoke(principal: Principal, surveyId: string, address: string): Promise<void> {
      const survey = await access.loadSurveyFor(principal, surveyId, 'share-results');
      if (!(await deleteShare(db, survey.id))) return;
      await audit.record({
        type: 'results.share.revoked',
        actor: auditActor(principal),
        address,
        target: { type: 'survey', id: survey.id },
        details: { title: survey.title },
      });
    },

    /**
     * GET /api/shared/results/:token?tz= (anyone with the link): the statistics of the current questions, the
     * timeline in `timeZone` and the funnel, as the owner sees them, from the counters; never a response, an
     * email answer or a hidden field. Text answers (the newest SHARED_TEXT_ANSWERS free texts of each text
     * question and "Other") only when the owner included them. An unknown or revoked token, or a deleted
     * survey, is 404 SHARED_RESULTS_NOT_FOUND.
     */
    async sharedResults(token: string, timeZone = 'UTC'): Promise<SharedResults> {
      const row = await findShareByTokenHash(db, hashLinkToken(token));
      if (!row || tokenOf(row) !== token) throw new NotFoundError('SHARED_RESULTS_NOT_FOUND');
      const snapshot = await readResultsSnapshot(db, row.survey_id, 0);
      if (!snapshot || snapshot.survey.state === 'deleted') throw new NotFoundError('SHARED_RESULTS_NOT_FOUND');
      const { counts, totals, quarters } = snapshot;
      // As the survey reads now: past its closing time it is closed.
      const survey = surveyAt(snapshot.survey, clock.now().toISOString());
      const questions = snapshot.questions.filter((q) => q.is_deleted === 0).map(toResultQuestion);
      const includeTextAnswers = row.include_text_answers === 1;
      const texts = includeTextAnswers
        ? await readFreeTexts(db, survey.id, questions, {
            perQuestion: SHARED_TEXT_ANSWERS,
            scanRows: SHARED_TEXT_SCAN_ROWS,
          })
        : new Map<string, string[]>();
      return {
        title: survey.title,
        state: survey.state,
        totalResponses: survey.response_count,
        includeTextAnswers,
        timeZone,
        timeline: daysFromQuarters(quarters, timeZone),
        funnel: await readFunnel(
          db,
          survey.id,
          questions.map((q) => q.id),
        ),
        questions: buildQuestionResults(questions, counts, totals).map((q) => {
          const textAnswers = texts.get(q.id);
          return textAnswers ? { ...q, textAnswers } : q;
        }),
        generatedAt: clock.now().toISOString(),
      };
    },
  };
}
