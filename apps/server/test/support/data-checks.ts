import { execFile } from 'node:child_process';
import path from 'node:path';
import { answerFor, questionPath, type AnswerValue } from '@quorum/contract';
import { repoRoot } from '@quorum/test-support/processes';
import type { Db } from '../../src/db/database';
import { serverQuestionType } from '../../src/question-types';
import { questionFromRow } from '../../src/modules/surveys/question-row';

/**
 * Recounts every survey's counters from its stored responses and returns what disagrees: the survey's response
 * count, each answer count and each question total must be exactly what the responses in this database make.
 */
export async function counterProblems(db: Db): Promise<string[]> {
  const k = db.kysely;
  const problems: string[] = [];
  for (const survey of await k.selectFrom('surveys').select(['id', 'response_count']).execute()) {
    const rows = await k
      .selectFrom('questions')
      .selectAll()
      .where('survey_id', '=', survey.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const questions = rows.map(questionFromRow);
    // The path runs over the current questions; a deleted question's answers still count, but whether a response
    // saw it depends on the questions of its day, so its `seen` is not checked.
    const current = rows.filter((row) => row.is_deleted === 0).map(questionFromRow);
    const deleted = new Set(rows.filter((row) => row.is_deleted === 1).map((row) => row.id));
    const responses = await k.selectFrom('responses').select('answers').where('survey_id', '=', survey.id).execute();
    if (Number(survey.response_count) !== responses.length) {
      problems.push(`${survey.id}: response_count ${survey.response_count}, ${responses.length} responses`);
    }
    const expected = new Map<string, number>();
    const totals = new Map<string, { answered: number; rating_sum: number; seen: number }>();
    const totalOf = (questionId: string) => {
      let total = totals.get(questionId);
      if (!total) totals.set(questionId, (total = { answered: 0, rating_sum: 0, seen: 0 }));
      return total;
    };
    for (const { answers } of responses) {
      const parsed = JSON.parse(answers) as Record<string, AnswerValue>;
      for (const q of questionPath(current, parsed)) totalOf(q.id).seen += 1;
      for (const q of questions) {
        const value = answerFor(parsed, q.id);
        if (value === undefined) continue;
        const total = totalOf(q.id);
        total.answered += 1;
        total.rating_sum += serverQuestionType(q.type).countAnswer(q, value, (answer) => {
          const key = JSON.stringify([q.id, answer]);
          expected.set(key, (expected.get(key) ?? 0) + 1);
        });
      }
    }
    const counts = await k.selectFrom('answer_counts').selectAll().where('survey_id', '=', survey.id).execute();
    const stored = new Map(counts.map((c) => [JSON.stringify([c.question_id, c.answer]), Number(c.count)]));
    for (const key of new Set([...expected.keys(), ...stored.keys()])) {
      if ((expected.get(key) ?? 0) !== (stored.get(key) ?? 0)) {
        problems.push(`${survey.id} ${key}: counted ${stored.get(key) ?? 0}, responses give ${expected.get(key) ?? 0}`);
      }
    }
    const storedTotals = await k.selectFrom('question_totals').selectAll().where('survey_id', '=', survey.id).execute();
    for (const row of storedTotals) {
      const want = totals.get(row.question_id) ?? { answered: 0, rating_sum: 0, seen: 0 };
      if (
        Number(row.answered) !== want.answered ||
        Number(row.rating_sum) !== want.rating_sum ||
        (!deleted.has(row.question_id) && Number(row.seen) !== want.seen)
      ) {
        problems.push(
          `${survey.id} ${row.question_id}: totals ${row.answered}/${row.rating_sum}/${row.seen}, responses give ${want.answered}/${want.rating_sum}/${want.seen}`,
        );
      }
    }
    const missing = [...totals.keys()].filter((id) => !storedTotals.some((row) => row.question_id === id));
    if (missing.length > 0) problems.push(`${survey.id}: no totals row for ${missing.join(', ')}`);
  }
  return problems;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `apps/server/src/<entry>.ts` (`cli/backup`, `server`) as a process, as its npm script does, from the
 * repository root, with `env` over ours.
 */
export function runEntry(entry: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, `apps/server/src/${entry}.ts`), ...args],
      { cwd: repoRoot, env: { ...process.env, INIT_CWD: repoRoot, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
