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
  deleteCountersInWorkspaces,
  deleteOtherTextsOf,
  deleteQuestionCounters,
  insertOtherTexts,
  subtractCount,
  subtractTally,
  timelineRows,
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
    const countRows = tally.counts.map((row) => ({ survey_id: surveyId, ...row }));
    const totalRows = tally.totals.map((row) => ({ survey_id: surveyId, ...row }));
    return {
      rows: Math.max(otherRows.length, countRows.length, totalRows.length, quarters.size, seconds.size),
      withClauses(statement) {
        let next = statement;
        if (otherRows.length > 0) {
          next = widened(next.with('new_other_texts', (db) => db.insertInto('other_texts').values(otherRows)));
        }
        if (countRows.length > 0) {
          next = widened(
            next.with('new_counts', (db) =>
              db
                .insertInto('answer_counts')
                .values(countRows)
                .onConflict((oc) =>
                  oc
                    .columns(['survey_id', 'question_id', 'answer'])
                    .doUpdateSet((eb) => ({ count: eb('answer_counts.count', '+', eb.ref('excluded.count')) })),
                ),
            ),
          );
        }
        if (totalRows.length > 0) {
          next = widened(
            next.with('new_totals', (db) =>
              db
                .insertInto('question_totals')
                .values(totalRows)
                .onConflict((oc) =>
                  oc.columns(['survey_id', 'question_id']).doUpdateSet((eb) => ({
                    answered: eb('question_totals.answered', '+', eb.ref('excluded.answered')),
                    rating_sum: eb('question_totals.rating_sum', '+', eb.ref('excluded.rating_sum')),
                    seen: eb('question_totals.seen', '+', eb.ref('excluded.seen')),
                  })),
                ),
            ),
          );
        }
        if (quarters.size > 0) {
          next = widened(
            next.with('new_quarters', (db) =>
              db
                .insertInto('response_timeline')
                .values(timelineRows(surveyId, quarters))
                .onConflict((oc) =>
                  oc
                    .columns(['survey_id', 'quarter'])
                    .doUpdateSet((eb) => ({ count: eb('response_timeline.count', '+', eb.ref('excluded.count')) })),
                ),
            ),
          );
        }
        if (seconds.size > 0) {
          next = widened(
            next.with('new_completion_times', (db) =>
              db
                .insertInto('completion_times')
                .values(completionRows(surveyId, seconds))
                .onConflict((oc) =>
                  oc
                    .columns(['survey_id', 'seconds'])
                    .doUpdateSet((eb) => ({ count: eb('completion_times.count', '+', eb.ref('excluded.count')) })),
                ),
            ),
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
