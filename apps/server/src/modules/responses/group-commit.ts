import { DEFAULT_SURVEY_LANGUAGE, type Question } from '@quorum/contract';
import type { Db } from '../../db/database';
import type { EventSurvey, SurveyEvent, SurveyEvents } from '../../events/survey-events';
import type { ResponseProjection } from '../../lib/response-projection';
import {
  closeSurveyAtLimit,
  lockSurveyForWriting,
  writeResponses,
  type KnownQuestions,
  type LockedSurvey,
  type NewResponse,
} from './responses.repository';

/** What `decide` picks for one survey: the responses to record, and whether recording them closes the survey. */
export interface BatchDecision {
  questions: Question[];
  items: NewResponse[];
  /** Set the survey's state to closed in the same transaction (its response limit is reached). */
  close?: boolean;
}

/**
 * Group commit: in ONE transaction, for each survey (in id order), lock its row (PostgreSQL; SQLite
 * transactions are serial), read its state, settings, response count and current questions (and which of
 * `respondentIds` already answered it), let `decide` pick which responses to record against that fresh view, and
 * record them; a survey whose response limit they reach is closed in that same transaction. So every instance
 * decides on the count the previous transaction left: a limit is never passed. Returns each survey's new
 * response count. `decide` must be synchronous and must not throw; whatever it leaves out is not written.
 */
export async function recordBatch(
  db: Db,
  projections: readonly ResponseProjection[],
  surveyEvents: SurveyEvents,
  surveys: ReadonlyMap<string, readonly string[]>,
  decide: (surveyId: string, survey: LockedSurvey | undefined) => BatchDecision,
  closedAt: () => string,
  known: (surveyId: string) => KnownQuestions | undefined = () => undefined,
  readsLanguages: (surveyId: string) => boolean = () => false,
): Promise<{ totals: Map<string, number>; outboxWritten: boolean }> {
  const totals = new Map<string, number>();
  let outboxWritten = false;
  await db.kysely.transaction().execute(async (trx) => {
    for (const surveyId of [...surveys.keys()].sort()) {
      const locked = await lockSurveyForWriting(
        trx,
        db.dialect,
        surveyId,
        surveys.get(surveyId) ?? [],
        known(surveyId),
        readsLanguages(surveyId),
      );
      const { questions, items, close } = decide(surveyId, locked);
      if (items.length > 0) {
        totals.set(surveyId, await writeResponses(trx, db.dialect, projections, surveyId, questions, items));
      }
      const events = locked ? responseEvents(surveyId, locked, questions, items) : [];
      if (close && locked) {
        if (await closeSurveyAtLimit(trx, surveyId, closedAt())) {
          events.push({
            type: 'survey.closed',
            survey: eventSurvey(surveyId, locked),
            at: closedAt(),
            reason: 'limit',
          });
        }
      }
      if (await surveyEvents.record(trx, events)) outboxWritten = true;
    }
  });
  return { totals, outboxWritten };
}

function eventSurvey(surveyId: string, locked: LockedSurvey): EventSurvey {
  return {
    id: surveyId,
    title: locked.title,
    ownerId: locked.ownerId,
    webhookCount: locked.webhookCount,
    notifyOnResponse: locked.settings.notifications.onResponse,
  };
}

/**
 * `response.created` for each stored response, only when something listens: the survey has enabled webhooks or
 * mails its owner about each response. Otherwise a submission writes nothing more than before.
 */
function responseEvents(
  surveyId: string,
  locked: LockedSurvey,
  questions: readonly Question[],
  items: readonly NewResponse[],
): SurveyEvent[] {
  if (items.length === 0) return [];
  if (locked.webhookCount <= 0 && locked.settings.notifications.onResponse !== 'each') return [];
  const survey = eventSurvey(surveyId, locked);
  return items.map((item) => ({
    type: 'response.created',
    survey,
    at: item.submittedAt,
    response: {
      id: item.id,
      submittedAt: item.submittedAt,
      answers: item.answers,
      hiddenFields: item.hiddenFields ?? null,
      language: item.language ?? DEFAULT_SURVEY_LANGUAGE,
    },
    questions,
  }));
}
