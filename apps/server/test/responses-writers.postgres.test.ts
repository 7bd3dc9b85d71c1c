import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSurvey, createUser } from '@quorum/test-support/factories';
import { request, useTestApp } from './helpers';

/**
 * On PostgreSQL two group commits may be under way at once: while one writes, the next has begun and waits for the
 * survey's lock in the database, so the lock passes from one to the next without a round trip. Never more than two.
 */
describe('group commits under way at once (postgres)', () => {
  const t = useTestApp({ submitRateLimit: 10_000 });

  it('has the next batch waiting on the survey lock while one holds it, and no third', async () => {
    const owner = await createUser(t.ctx);
    const s = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const body = {
      answers: s.questions.map((q) => ({
        questionId: q.id,
        answer: q.type === 'checkbox' ? [q.options[0]!] : q.type === 'text' ? 'words' : q.options[0]!,
      })),
    };
    const waitingOnLocks = async () => {
      const row = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db.kysely);
      return row.rows[0]!.waiting;
    };
    let submitted: Promise<{ statusCode: number }[]> | undefined;
    await t.ctx.db.kysely.connection().execute(async (holder) => {
      await sql`begin`.execute(holder);
      await sql`select id from surveys where id = ${s.id} for update`.execute(holder);
      const send = (count: number) =>
        Promise.all(
          Array.from({ length: count }, () => request(t.app, 'POST', `/api/surveys/${s.id}/responses`, { body })),
        );
      const first = send(3);
      await expect.poll(waitingOnLocks, { timeout: 5000 }).toBe(1);
      const more = send(5);
      await expect.poll(waitingOnLocks, { timeout: 5000 }).toBe(2);
      const evenMore = send(5);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await waitingOnLocks()).toBe(2);
      submitted = Promise.all([first, more, evenMore]).then((lists) => lists.flat());
      await sql`commit`.execute(holder);
    });
    const answers = await submitted!;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(13).fill(201));
    const survey = await t.ctx.db.kysely
      .selectFrom('surveys')
      .select('response_count')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(Number(survey.response_count)).toBe(13);
  });
});
