import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Portable between SQLite and PostgreSQL: text columns only.

/** Responses read per query, and rows per INSERT, while filling the table. */
const BACKFILL_PAGE = 5000;
const INSERT_ROWS = 500;
/** The question types that may offer "Other", and the counter key their "Other" answers count under. */
const OTHER_TYPES = ['multiple_choice', 'checkbox', 'dropdown'];
const OTHER_KEY = 'Other';

/**
 * `other_texts`: the respondents' own "Other" texts, one row per response and question that offers "Other", kept
 * by the transaction that stores a response (and removed with it), so the results list a question's newest ones
 * through the primary key (survey_id, question_id, response_id; response ids are UUIDv7, time-ordered) without
 * reading a response.
 *
 * Filled from the responses already stored, a survey at a time, a page of responses at a time in id order. A text
 * is what the answer counters counted under "Other": an answer to a choice question that offers "Other" that is
 * none of its options, trimmed, not empty — except an answer the question's counters hold under its own name (an
 * option removed since, which was counted as that option when it was given), so the table agrees with the "Other"
 * counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('other_texts')
    .addColumn('survey_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('response_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('other_texts_pk', ['survey_id', 'question_id', 'response_id'])
    .execute();
  await backfillOtherTexts(db);
}

type BackfillDb = Kysely<{
  questions: { survey_id: string; id: string; type: string; options: string; settings: string | null };
  responses: { id: string; survey_id: string; answers: string };
  answer_counts: { survey_id: string; question_id: string; answer: string };
  other_texts: { survey_id: string; question_id: string; response_id: string; text: string };
}>;

interface OfferingQuestion {
  id: string;
  options: Set<string>;
  /** Answers the question's counters hold under their own name: never "Other" texts. */
  countedAsThemselves: Set<string>;
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function backfillOtherTexts(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as BackfillDb;
  const rows = await k
    .selectFrom('questions')
    .select(['survey_id', 'id', 'type', 'options', 'settings'])
    .where('type', 'in', OTHER_TYPES)
    .orderBy('survey_id')
    .orderBy('id')
    .execute();
  const bySurvey = new Map<string, OfferingQuestion[]>();
  for (const row of rows) {
    const settings = parse(row.settings) as { allowOther?: unknown } | undefined;
    if (settings?.allowOther !== true) continue;
    const options = parse(row.options);
    const question: OfferingQuestion = {
      id: row.id,
      options: new Set(Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : []),
      countedAsThemselves: new Set(),
    };
    let list = bySurvey.get(row.survey_id);
    if (!list) bySurvey.set(row.survey_id, (list = []));
    list.push(question);
  }
  for (const [surveyId, questions] of bySurvey) {
    const counted = await k
      .selectFrom('answer_counts')
      .select(['question_id', 'answer'])
      .where('survey_id', '=', surveyId)
      .where(
        'question_id',
        'in',
        questions.map((q) => q.id),
      )
      .where('answer', '!=', OTHER_KEY)
      .execute();
    const byId = new Map(questions.map((q) => [q.id, q]));
    for (const row of counted) byId.get(row.question_id)?.countedAsThemselves.add(row.answer);
    await backfillSurvey(k, surveyId, questions);
  }
}

/** The "Other" text of one stored answer, or undefined. */
function otherTextOf(question: OfferingQuestion, value: unknown): string | undefined {
  const own = (answer: unknown) =>
    typeof answer === 'string' &&
    !question.options.has(answer) &&
    (answer === OTHER_KEY || !question.countedAsThemselves.has(answer));
  const answer = Array.isArray(value) ? value.find(own) : own(value) ? value : undefined;
  if (typeof answer !== 'string') return undefined;
  const text = answer.trim();
  return text === '' ? undefined : text;
}

async function backfillSurvey(k: BackfillDb, surveyId: string, questions: readonly OfferingQuestion[]) {
  let after: string | undefined;
  for (;;) {
    let query = k.selectFrom('responses').select(['id', 'answers']).where('survey_id', '=', surveyId);
    if (after !== undefined) query = query.where('id', '>', after);
    const responses = await query.orderBy('id', 'asc').limit(BACKFILL_PAGE).execute();
    const values: Array<{ survey_id: string; question_id: string; response_id: string; text: string }> = [];
    for (const response of responses) {
      const answers = parse(response.answers);
      if (!answers || typeof answers !== 'object' || Array.isArray(answers)) continue;
      for (const question of questions) {
        if (!Object.hasOwn(answers, question.id)) continue;
        const text = otherTextOf(question, (answers as Record<string, unknown>)[question.id]);
        if (text !== undefined) {
          values.push({ survey_id: surveyId, question_id: question.id, response_id: response.id, text });
        }
      }
    }
    for (let i = 0; i < values.length; i += INSERT_ROWS) {
      await k
        .insertInto('other_texts')
        .values(values.slice(i, i + INSERT_ROWS))
        .execute();
    }
    if (responses.length < BACKFILL_PAGE) break;
    after = responses.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('other_texts').execute();
}
