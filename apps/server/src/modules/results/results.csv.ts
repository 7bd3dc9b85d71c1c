import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { answerFor, answerText, CSV_BOM, csvCell, csvRow, questionLabel, type AnswerValue } from '@quorum/contract';
import type { Database } from '../../db/schema';
import { serverQuestionType } from '../../question-types';
import {
  findDeclaredHiddenFields,
  latestResponseId,
  listResponsesAfter,
  listResultQuestions,
} from './results.repository';
import { parseAnswers, parseHiddenFields, toResultQuestion, type ResultQuestion } from './result-rows';

/** Rows read per query while exporting: memory stays flat whatever the number of responses. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The header row: Response ID, Submitted At, then "Q{n}: {text}" per question (deleted ones last, marked), then one
 * column per hidden field the survey declares, headed by its name.
 */
export function csvHeader(questions: readonly ResultQuestion[], hiddenKeys: readonly string[] = []): string {
  return csvRow([
    'Response ID',
    'Submitted At',
    ...questions.map((q, index) => questionLabel(index + 1, q.text, q.isDeleted)),
    ...hiddenKeys,
  ]);
}

/**
 * One answer as one cell: nothing (skipped, or not on the respondent's path) is empty; lists (checkbox, ranking in
 * the respondent's order) are joined with "; "; a matrix reads "Row: Column; Row 2: Column" in row order.
 */
export function answerCell(question: ResultQuestion, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  const own = serverQuestionType(question.type).answerText;
  return own ? own(question, value) : answerText(value);
}

/**
 * One response as a CSV record. `answers` and `hiddenFields` are the stored JSON texts; each declared hidden field
 * gets its value or an empty cell, formula-safe like every cell.
 */
export function csvRecord(
  questions: readonly ResultQuestion[],
  id: string,
  submittedAt: string,
  answers: string,
  hiddenKeys: readonly string[] = [],
  hiddenFields: string | null = null,
): string {
  // An unreadable row still gets its id and time.
  const parsed = parseAnswers(answers);
  let line = `${csvCell(id)},${csvCell(submittedAt)}`;
  for (const q of questions) line += `,${csvCell(answerCell(q, answerFor(parsed, q.id)))}`;
  if (hiddenKeys.length > 0) {
    const values = new Map(Object.entries(parseHiddenFields(hiddenFields) ?? {}));
    for (const key of hiddenKeys) line += `,${csvCell(values.get(key) ?? '')}`;
  }
  return `${line}\r\n`;
}

/**
 * The whole export as a byte stream: the BOM and header, then the responses oldest first, read in keyset
 * pages. The stream is pulled by the socket, so a slow client slows the reads down (backpressure) instead of
 * rows piling up in memory; closing the connection stops the reading. Responses stored after the export
 * started are left out, so the file is a consistent cut.
 */
export async function createCsvExportStream(db: Kysely<Database>, surveyId: string): Promise<Readable> {
  const questions = (await listResultQuestions(db, surveyId)).map(toResultQuestion);
  const hiddenKeys = await findDeclaredHiddenFields(db, surveyId);
  const upTo = await latestResponseId(db, surveyId);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(CSV_BOM + csvHeader(questions, hiddenKeys), 'utf8');
    if (upTo === undefined) return;
    let after: string | undefined;
    for (;;) {
      const rows = await listResponsesAfter(db, surveyId, { after, upTo, limit: EXPORT_PAGE_SIZE });
      if (rows.length === 0) return;
      let text = '';
      for (const row of rows)
        text += csvRecord(questions, row.id, row.submitted_at, row.answers, hiddenKeys, row.hidden_fields);
      yield Buffer.from(text, 'utf8');
      if (rows.length < EXPORT_PAGE_SIZE) return;
      after = rows.at(-1)!.id;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
