import type { TestApp } from '../helpers';

/**
 * Every counter a response moves, for one survey, in a stable order, with PostgreSQL's bigint counters read as
 * numbers: what a submission adds, a refusal leaves alone and a deletion takes away.
 */
export async function storedCounters(t: TestApp, surveyId: string) {
  const db = t.ctx.db.kysely;
  const [survey, counts, totals, timeline, funnel, times] = await Promise.all([
    db.selectFrom('surveys').select(['response_count', 'state']).where('id', '=', surveyId).executeTakeFirstOrThrow(),
    db
      .selectFrom('answer_counts')
      .select(['question_id', 'answer', 'count'])
      .where('survey_id', '=', surveyId)
      .orderBy('question_id')
      .orderBy('answer')
      .execute(),
    db
      .selectFrom('question_totals')
      .select(['question_id', 'answered', 'rating_sum', 'seen'])
      .where('survey_id', '=', surveyId)
      .orderBy('question_id')
      .execute(),
    db
      .selectFrom('response_timeline')
      .select(['quarter', 'count'])
      .where('survey_id', '=', surveyId)
      .where('count', '>', 0)
      .orderBy('quarter')
      .execute(),
    db
      .selectFrom('survey_funnel')
      .select(['views', 'starts', 'completions'])
      .where('survey_id', '=', surveyId)
      .executeTakeFirst(),
    db
      .selectFrom('completion_times')
      .select(['seconds', 'count'])
      .where('survey_id', '=', surveyId)
      .where('count', '>', 0)
      .orderBy('seconds')
      .execute(),
  ]);
  // PostgreSQL reads bigint counters as text.
  const n = (value: number | string) => Number(value);
  return {
    responseCount: n(survey.response_count),
    state: survey.state,
    counts: counts.map((r) => ({ question_id: r.question_id, answer: r.answer, count: n(r.count) })),
    totals: totals.map((r) => ({
      question_id: r.question_id,
      answered: n(r.answered),
      rating_sum: n(r.rating_sum),
      seen: n(r.seen),
    })),
    timeline: timeline.map((r) => ({ quarter: n(r.quarter), count: n(r.count) })),
    funnel: funnel && { views: n(funnel.views), starts: n(funnel.starts), completions: n(funnel.completions) },
    times: times.map((r) => ({ seconds: n(r.seconds), count: n(r.count) })),
  };
}
