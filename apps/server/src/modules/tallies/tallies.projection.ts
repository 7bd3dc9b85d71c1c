import type { QueryCreator } from 'kysely';
import type { Database } from '../../db/schema';
import type { ProjectedResponse, ProjectedSurvey, ResponseProjection } from '../../lib/response-projection';
import { otherTextsOf, tallyResponses, tallyStoredResponse } from './answer-tally';
import { completionSecondsOf } from './completion-times';
import { quarterOf } from './timeline';
import {
  addTally,
  addToCompletionTimes,
  addToTimeline,
  completionRows,
  countRowsOf,
  deleteCountersInWorkspaces,
  deleteOtherTextsOf,
  deleteQuestionCounters,
  insertOtherTexts,
  subtractCount,
  subtractTally,
  timelineRows,
  totalRowsOf,
  upsertAnswerCounts,
  upsertCompletionTimes,
  upsertQuestionTotals,
  upsertTimeline,
} from './tallies.repository';

const increment = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** Each `with` widens the builder's type by its name; the main statement reads none of them. */
const widened = (statement: unknown) => statement as QueryCreator<Database>;

/**
 * The tallies: what the results read instead of scanning responses. Per survey the answer counts and question
 * totals (`tallyResponses`), the respondents' own "Other" texts (`otherTextsOf`, what the counts count under
 * "Other"), the timeline (responses per quarter hour) and the completion times (whole seconds, of responses that
 * ended a visit). Counts are added as deltas with upserts in key order, so concurrent writers (several instances on
 * PostgreSQL) never lose an increment and lock rows in the same order.
 */
export const talliesProjection: ResponseProjection = {
  stored(survey: ProjectedSurvey, responses: readonly ProjectedResponse[]) {
    const surveyId = survey.id;
    const tally = tallyResponses(
      survey.questions,
      responses.map((response) => response.answers),
    );
    const otherRows = responses.flatMap((response) =>
      otherTextsOf(survey.questions, response.answers).map(({ questionId, text }) => ({
        survey_id: surveyId,
        question_id: questionId,
        response_id: response.id,
        text,
      })),
    );
    const quarters = new Map<number, number>();
    const seconds = new Map<number, number>();
    for (const response of responses) {
      increment(quarters, quarterOf(response.submittedAt));
      if (response.visitId !== null && response.durationMs !== null) {
        increment(seconds, completionSecondsOf(response.durationMs));
      }
    }
    const countRows = countRowsOf(surveyId, tally);
    const totalRows = totalRowsOf(surveyId, tally);
    return {
      rows: Math.max(otherRows.length, countRows.length, totalRows.length, quarters.size, seconds.size),
      withClauses(statement) {
        let next = statement;
        if (otherRows.length > 0) {
          next = widened(next.with('new_other_texts', (db) => db.insertInto('other_texts').values(otherRows)));
        }
        if (countRows.length > 0) next = widened(next.with('new_counts', (db) => upsertAnswerCounts(db, countRows)));
        if (totalRows.length > 0) next = widened(next.with('new_totals', (db) => upsertQuestionTotals(db, totalRows)));
        if (quarters.size > 0) {
          next = widened(next.with('new_quarters', (db) => upsertTimeline(db, timelineRows(surveyId, quarters))));
        }
        if (seconds.size > 0) {
          next = widened(
            next.with('new_completion_times', (db) => upsertCompletionTimes(db, completionRows(surveyId, seconds))),
          );
        }
        return next;
      },
      async write(trx) {
        await insertOtherTexts(trx, otherRows);
        await addTally(trx, surveyId, tally);
        await addToTimeline(trx, surveyId, quarters);
        await addToCompletionTimes(trx, surveyId, seconds);
      },
    };
  },

  /**
   * What one stored response added, as well as can be told now (`tallyStoredResponse`: its path through the current
   * questions, and each deleted question it answered), taken away; its "Other" texts go through the primary key.
   */
  async deleted(trx, survey, response) {
    const tally = tallyStoredResponse(survey.questions, survey.deletedQuestions ?? [], response.answers);
    await deleteOtherTextsOf(trx, survey.id, response.id, Object.keys(response.answers));
    await subtractTally(trx, survey.id, tally);
    await subtractCount(trx, 'response_timeline', survey.id, quarterOf(response.submittedAt));
    if (response.visitId !== null && response.durationMs !== null) {
      await subtractCount(trx, 'completion_times', survey.id, completionSecondsOf(response.durationMs));
    }
  },

  questionsDropped: deleteQuestionCounters,
  surveysPurged: deleteCountersInWorkspaces,
};
