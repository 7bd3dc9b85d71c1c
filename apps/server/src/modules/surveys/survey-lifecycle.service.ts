import type { Transaction } from 'kysely';
import {
  MAX_ACTIVE_SURVEYS,
  canTransition,
  isActivation,
  pastClosingTime,
  stateChangeMessage,
  transitionRefusal,
  type Survey,
  type SurveyState,
} from '@quorum/contract';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { auditActor } from '../../lib/audit';
import { ConflictError } from '../../lib/errors';
import { questionFromRow } from './question-row';
import { storeScheduledCloses } from './survey-closer';
import { createSurveyAccess, surveyAt, type Actor } from './survey-policy';
import { surveyFromRow } from './survey-row';
import { viewFor } from './survey-view';
import { countActiveSurveys, findQuestions, lockOwner, updateSurveyState } from './surveys.repository';

/** A survey's moves between states: launching, closing, reopening, deleting and restoring. */
export function createSurveyLifecycleService(deps: Pick<AppContext, 'db' | 'clock' | 'audit' | 'outbox' | 'events'>) {
  const { db, clock, audit } = deps;
  const access = createSurveyAccess(deps);

  /** The move of `changeState` inside its transaction `trx`, with whether it wrote to the outbox. */
  async function move(
    trx: Transaction<Database>,
    actor: Actor,
    surveyId: string,
    to: SurveyState,
  ): Promise<{ outboxWritten: boolean; from: SurveyState; message: string; survey: Survey }> {
    // The actor's row first, then the survey's: the order every survey write locks in (an administrator has
    // no row there, and launches nothing).
    if (actor.type === 'user') await lockOwner(trx, db.dialect, actor.id);
    const { row, role, storedState } = await access.loadSurveyAndRoleFor(
      actor,
      surveyId,
      { moveTo: to },
      { lockIn: trx },
    );
    // Past its closing time the survey is closed, whatever the table says yet: moves start from there.
    const from = row.state;
    if (!canTransition(from, to, actor.type)) {
      throw new ConflictError(transitionRefusal(from, to, actor.type).code, { from, to });
    }
    const updatedAt = clock.now().toISOString();
    const launch = isActivation(from, to);
    // Active past its closing time would read closed at once: the closing time is changed first.
    if (launch && pastClosingTime(row.closes_at, updatedAt)) {
      throw new ConflictError('SURVEY_CLOSING_TIME_PASSED', { closesAt: row.closes_at! });
    }
    if (launch && (await countActiveSurveys(trx, actor.id, updatedAt)) >= MAX_ACTIVE_SURVEYS) {
      throw new ConflictError('ACTIVE_LIMIT_REACHED', { limit: MAX_ACTIVE_SURVEYS });
    }
    // Closed on schedule but not stored so yet: stored now, with the close's event (and the owner's mail), as
    // the periodic close would have, so that a move from it never loses that mail nor sends it twice.
    const closedFirst =
      storedState !== from && (await storeScheduledCloses(trx, deps.events, updatedAt, surveyId)).outboxWritten;
    await updateSurveyState(trx, surveyId, to, updatedAt, launch ? actor.id : undefined);
    // Closing by hand is a `survey.closed` event for the survey's webhooks (nobody is mailed: someone did it).
    const closedByHand =
      to === 'closed' &&
      (await deps.events.record(trx, [
        {
          type: 'survey.closed',
          survey: { id: row.id, title: row.title, ownerId: row.user_id, webhookCount: row.webhook_count },
          at: updatedAt,
          reason: 'manual',
        },
      ]));
    const questions = await findQuestions(trx, surveyId, { includeDeleted: false });
    const changed = surveyAt(
      { ...row, state: to, updated_at: updatedAt, launched_by: launch ? actor.id : row.launched_by },
      updatedAt,
    );
    return {
      outboxWritten: closedFirst || closedByHand,
      from,
      message: stateChangeMessage(from, to),
      survey: surveyFromRow(changed, questions.map(questionFromRow), await viewFor(actor, trx, changed, role)),
    };
  }

  return {
    /**
     * PATCH /api/surveys/:id/state. An editor or owner of the survey's workspace follows OWNER_TRANSITIONS;
     * launching or resuming records them as the one who launched it, and is refused with 409
     * SURVEY_CLOSING_TIME_PASSED when the survey's closing time has passed (it would read closed at once; nothing
     * changes), and when they already launched MAX_ACTIVE_SURVEYS surveys that are active, in any workspace. The count and the update run in one
     * transaction; on PostgreSQL the actor's row is locked first, so concurrent activations by one person run one
     * after the other and never exceed the limit (SQLite runs transactions serially). A change of state does not
     * touch the content: the version stays.
     * An administrator may only restore a deleted survey to draft. Restoring is not held to the survey
     * cap (MAX_SURVEYS_PER_ACCOUNT): it is an administrator's deliberate act for one survey, and refusing
     * it would leave them to delete some of the owner's surveys first. Deleting and restoring are recorded in
     * the audit log (`survey.deleted`, `survey.restored`), with the survey's title, once the change is stored.
     */
    async changeState(
      actor: Actor,
      surveyId: string,
      to: SurveyState,
      address: string | null = null,
    ): Promise<{ message: string; survey: Survey }> {
      const { from, outboxWritten, ...answer } = await db.kysely
        .transaction()
        .execute((trx) => move(trx, actor, surveyId, to));
      if (outboxWritten) deps.outbox.nudge();
      const type = to === 'deleted' ? 'survey.deleted' : from === 'deleted' ? 'survey.restored' : undefined;
      if (type) {
        await audit.record({
          type,
          actor: auditActor(actor),
          address,
          target: { type: 'survey', id: surveyId },
          details: { title: answer.survey.title },
        });
      }
      return answer;
    },
  };
}
