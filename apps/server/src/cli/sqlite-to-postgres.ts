import { RESPONSES_PAGE, type QuestionResult } from '@quorum/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { readResultsSnapshot, toResultQuestion, buildQuestionResults } from '../modules/results';
import { migrateToLatest, type Db } from '../db/database';
import type { Database } from '../db/schema';

/**
 * Every table of the schema with its primary key, in an order where a row's parents come before it (users
 * before their surveys, surveys before their questions and responses). Typed over `keyof Database`, so a table
 * added to the schema and left out here fails to compile; a test also compares it with the migrated tables.
 */
export const COPIED_TABLES = [
  { table: 'users', key: ['id'] },
  { table: 'admins', key: ['id'] },
  { table: 'login_attempts', key: ['scope', 'email', 'address'] },
  { table: 'email_verifications', key: ['token_hash'] },
  { table: 'password_resets', key: ['token_hash'] },
  { table: 'revoked_tokens', key: ['jti'] },
  { table: 'surveys', key: ['id'] },
  { table: 'questions', key: ['survey_id', 'id'] },
  { table: 'responses', key: ['id'] },
  { table: 'answer_counts', key: ['survey_id', 'question_id', 'answer'] },
  { table: 'other_texts', key: ['survey_id', 'question_id', 'response_id'] },
  { table: 'question_totals', key: ['survey_id', 'question_id'] },
  { table: 'visits', key: ['id'] },
  { table: 'survey_funnel', key: ['survey_id'] },
  { table: 'question_dropoff', key: ['survey_id', 'question_id'] },
  { table: 'completion_times', key: ['survey_id', 'seconds'] },
  { table: 'response_timeline', key: ['survey_id', 'quarter'] },
  { table: 'result_shares', key: ['survey_id'] },
  { table: 'audit_log', key: ['id'] },
  { table: 'sso_identities', key: ['issuer', 'subject', 'side'] },
  { table: 'sso_states', key: ['state_hash'] },
  { table: 'sso_codes', key: ['code_hash'] },
  { table: 'two_factor', key: ['role', 'account_id'] },
  { table: 'two_factor_recovery_codes', key: ['role', 'account_id', 'code_hash'] },
  { table: 'api_keys', key: ['id'] },
  { table: 'webhooks', key: ['id'] },
  { table: 'webhook_deliveries', key: ['id'] },
  { table: 'webhook_attempts', key: ['id'] },
  { table: 'mail_outbox', key: ['id'] },
  { table: 'workspaces', key: ['id'] },
  { table: 'workspace_members', key: ['workspace_id', 'user_id'] },
  { table: 'workspace_invitations', key: ['id'] },
] as const satisfies ReadonlyArray<{ table: keyof Database; key: readonly string[] }>;

// A compile-time check that the list names every table: a missing one leaves `never` unsatisfied.
type Missing = Exclude<keyof Database, (typeof COPIED_TABLES)[number]['table']>;
const everyTableListed: [Missing] extends [never] ? true : Missing = true;
void everyTableListed;

/** Rows between two progress lines of a large table. */
const PROGRESS_EVERY = 100_000;

/** The copy was refused before it wrote anything; the message says why. */
export class CopyRefusedError extends Error {}

type Row = Record<string, unknown>;
type AnyKysely = Kysely<Record<string, Row>>;

export interface TableReport {
  table: string;
  source: number;
  target: number;
  copied: number;
  ok: boolean;
}

export interface SurveyReport {
  surveyId: string;
  title: string;
  responses: number;
  ok: boolean;
}

export interface CopyReport {
  tables: TableReport[];
  surveys: SurveyReport[];
  ok: boolean;
}

export interface CopyOptions {
  /** Rows per batch; each batch is one transaction on the target. */
  batchSize?: number;
  log?: (line: string) => void;
}

const tuple = (values: readonly unknown[]): RawBuilder<unknown> => sql`(${sql.join(values.map((v) => sql`${v}`))})`;
const columns = (names: readonly string[]): RawBuilder<unknown> => sql`(${sql.join(names.map((n) => sql.ref(n)))})`;

/** One page of `table` in primary-key order, after `after` (a key) when given. */
async function readPage(
  db: AnyKysely,
  table: string,
  key: readonly string[],
  after: unknown[] | undefined,
  limit: number,
) {
  const where = after ? sql`where ${columns(key)} > ${tuple(after)}` : sql``;
  const order = sql.join(key.map((k) => sql.ref(k)));
  const { rows } = await sql<Row>`select * from ${sql.table(table)} ${where} order by ${order} limit ${limit}`.execute(
    db,
  );
  return rows;
}

async function countRows(db: AnyKysely, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const keyOf = (row: Row, key: readonly string[]) => key.map((k) => row[k]);
const keyText = (values: readonly unknown[]) => JSON.stringify(values);

/**
 * The target may hold only rows of this very source: every row already there must exist in the source, under the
 * same primary key, with the same values (a run that stopped part-way leaves exactly such rows). Anything else
 * means another source's data, and the copy is refused before it writes.
 */
async function checkTargetIsPartOfSource(source: AnyKysely, target: AnyKysely, batchSize: number) {
  for (const { table, key } of COPIED_TABLES) {
    let after: unknown[] | undefined;
    for (;;) {
      const page = await readPage(target, table, key, after, batchSize);
      if (page.length === 0) break;
      const { rows: matches } =
        await sql<Row>`select * from ${sql.table(table)} where ${columns(key)} in (values ${sql.join(
          page.map((row) => tuple(keyOf(row, key))),
        )})`.execute(source);
      const byKey = new Map(matches.map((row) => [keyText(keyOf(row, key)), row]));
      for (const row of page) {
        const twin = byKey.get(keyText(keyOf(row, key)));
        const same = twin && Object.keys(twin).every((column) => normalize(twin[column]) === normalize(row[column]));
        if (!same) {
          throw new CopyRefusedError(
            `The target database already holds data that is not in this SQLite file (table ${table}, key ` +
              `${keyText(keyOf(row, key))}). Copy only into an empty PostgreSQL database, or into one a previous run ` +
              'of this command filled from the same file.',
          );
        }
      }
      after = keyOf(page.at(-1)!, key);
    }
  }
}

const normalize = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

/** Copies one table in batches of primary-key order; a row already there (same key) is left as it is. */
async function copyTable(
  source: AnyKysely,
  target: AnyKysely,
  table: string,
  key: readonly string[],
  batchSize: number,
  log: (line: string) => void,
) {
  let after: unknown[] | undefined;
  let copied = 0;
  let read = 0;
  for (;;) {
    const page = await readPage(source, table, key, after, batchSize);
    if (page.length === 0) return copied;
    await target.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto(table)
        .values(page)
        .onConflict((oc) => oc.columns(key as string[]).doNothing())
        .executeTakeFirst();
      copied += Number(result.numInsertedOrUpdatedRows ?? 0);
    });
    after = keyOf(page.at(-1)!, key);
    const before = read;
    read += page.length;
    if (Math.floor(read / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) log(`${table}: ${read} rows read…`);
  }
}

/** A survey's statistics as the results page shows them, and its stored response count. */
async function surveyStatistics(
  db: Kysely<Database>,
  surveyId: string,
): Promise<{ totalResponses: number; questions: QuestionResult[] } | undefined> {
  const snapshot = await readResultsSnapshot(db, surveyId, RESPONSES_PAGE.defaultLimit);
  if (!snapshot) return undefined;
  return {
    totalResponses: snapshot.survey.response_count,
    questions: buildQuestionResults(snapshot.questions.map(toResultQuestion), snapshot.counts, snapshot.totals),
  };
}

/** Row counts of every table and the statistics of every survey, compared between both databases. */
export async function verifyCopy(
  source: Db,
  target: Db,
  copiedByTable = new Map<string, number>(),
): Promise<CopyReport> {
  const tables: TableReport[] = [];
  for (const { table } of COPIED_TABLES) {
    const s = await countRows(source.kysely as unknown as AnyKysely, table);
    const t = await countRows(target.kysely as unknown as AnyKysely, table);
    tables.push({ table, source: s, target: t, copied: copiedByTable.get(table) ?? 0, ok: s === t });
  }
  const surveys: SurveyReport[] = [];
  const all = await source.kysely.selectFrom('surveys').select(['id', 'title']).orderBy('id').execute();
  for (const { id, title } of all) {
    const [s, t] = [await surveyStatistics(source.kysely, id), await surveyStatistics(target.kysely, id)];
    const { n } = await source.kysely
      .selectFrom('responses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('survey_id', '=', id)
      .executeTakeFirstOrThrow();
    const ok = JSON.stringify(s) === JSON.stringify(t) && s?.totalResponses === Number(n);
    surveys.push({ surveyId: id, title, responses: s?.totalResponses ?? 0, ok });
  }
  return { tables, surveys, ok: tables.every((r) => r.ok) && surveys.every((r) => r.ok) };
}

/**
 * Copies every table of a SQLite database into a PostgreSQL database, then verifies the copy.
 *
 * Both are brought to the latest schema first. The target must be empty or hold only rows of this source (a run
 * that stopped part-way): the copy inserts each batch in one transaction and skips rows whose primary key is
 * already there, so running it again after a failure finishes the job without duplicating anything. The source
 * must not change meanwhile (stop the server first).
 */
export async function copySqliteToPostgres(source: Db, target: Db, options: CopyOptions = {}): Promise<CopyReport> {
  if (source.dialect !== 'sqlite' || target.dialect !== 'postgres') {
    throw new CopyRefusedError('The copy goes from a SQLite database to a PostgreSQL database.');
  }
  const batchSize = options.batchSize ?? 1000;
  const log = options.log ?? (() => {});
  const sourceApplied = await migrateToLatest(source);
  if (sourceApplied.length > 0) log(`SQLite file migrated: ${sourceApplied.join(', ')}`);
  const targetApplied = await migrateToLatest(target);
  if (targetApplied.length > 0) log(`PostgreSQL schema created: ${targetApplied.length} migrations`);

  const from = source.kysely as unknown as AnyKysely;
  const to = target.kysely as unknown as AnyKysely;
  await checkTargetIsPartOfSource(from, to, batchSize);

  const copied = new Map<string, number>();
  for (const { table, key } of COPIED_TABLES) {
    const n = await copyTable(from, to, table, key, batchSize, log);
    copied.set(table, n);
    if (n > 0) log(`${table}: ${n} rows copied`);
  }
  return verifyCopy(source, target, copied);
}

/** The report as a table of text, one line per table, then one per survey. */
export function formatCopyReport(report: CopyReport): string {
  const width = Math.max(...report.tables.map((r) => r.table.length), 'table'.length);
  const lines = [
    `${'table'.padEnd(width)}  ${'SQLite'.padStart(9)}  ${'PostgreSQL'.padStart(10)}  ${'copied now'.padStart(10)}  check`,
    ...report.tables.map(
      (r) =>
        `${r.table.padEnd(width)}  ${String(r.source).padStart(9)}  ${String(r.target).padStart(10)}  ` +
        `${String(r.copied).padStart(10)}  ${r.ok ? 'ok' : 'MISMATCH'}`,
    ),
    '',
    `survey statistics: ${report.surveys.filter((s) => s.ok).length} of ${report.surveys.length} surveys identical`,
    ...report.surveys
      .filter((s) => !s.ok)
      .map((s) => `  MISMATCH ${s.surveyId} (${s.title}, ${s.responses} responses)`),
  ];
  return lines.join('\n');
}
