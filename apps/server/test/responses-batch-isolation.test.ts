import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { TEST_DIALECT, request, useTestApp } from './helpers';

/**
 * Responses arriving together are written in one transaction. A response the database refuses must not take
 * the others of its batch with it. The database here refuses rows holding a marker through a trigger: a real
 * refusal by the real database, set up by the test alone.
 */
describe(`group commit isolates a refused response (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  async function refuseMarkedResponses() {
    const db = t.ctx.db.kysely;
    if (TEST_DIALECT === 'postgres') {
      await sql`create function refuse_marked() returns trigger language plpgsql as $$
        begin
          if new.answers like '%REFUSE-ME%' then raise exception 'refused by the database'; end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger refuse_marked before insert on responses for each row execute function refuse_marked()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_marked before insert on responses
        when new.answers like '%REFUSE-ME%' begin select raise(abort, 'refused by the database'); end`.execute(db);
    }
  }

  it('stores the others and refuses only the one', async () => {
    await refuseMarkedResponses();
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const body = (text: string) => ({
      answers: s.questions.map((q) => ({
        questionId: q.id,
        answer: q.type === 'checkbox' ? [q.options[0]!] : q.type === 'text' ? text : q.options[0]!,
      })),
    });
    const texts = ['one', 'two', 'REFUSE-ME', 'four', 'five'];
    const answers = await Promise.all(
      texts.map((text) => request(t.app, 'POST', `/api/surveys/${s.id}/responses`, { body: body(text) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 500, 201, 201]);
    const stored = await t.ctx.db.kysely
      .selectFrom('responses')
      .select('answers')
      .where('survey_id', '=', s.id)
      .execute();
    expect(stored).toHaveLength(4);
    const survey = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select('response_count')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(Number(survey.response_count)).toBe(4);
  });
});
