import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { answerFor, answerText, CSV_BOM, csvCell, csvRow, questionLabel } from '@quorum/contract';
import type { Database } from '../../db/schema';
import { latestResponseId, listResponsesAfter, listResultQuestions } from './results.repository';
import { parseAnswers, toResultQuestion, type ResultQuestion } from './result-rows';

/** Rows read per query while exporting: memory stays flat whatever the number of responses. */
export const EXPORT_PAGE_SIZE = 1000;

/** The header row: Response ID, Submitted At, then "Q{n}: {text}" per question (deleted ones last, marked). */
export function csvHeader(questions: readonly ResultQuestion[]): string {
  return csvRow([
    'Response ID',
    'Submitted At',
    ...questions.map((q, index) => questionLabel(index + 1, q.text, q.isDeleted)),
  ]);
}

/** One response as a CSV record. `answers` is the stored JSON text. */
export function csvRecord(
  questions: readonly ResultQuestion[],
  id: string,
  submittedAt: string,
  answers: string,
): string {
  // An unreadable row still gets its id and time.
  const parsed = parseAnswers(answers);
  let line = `${csvCell(id)},${csvCell(submittedAt)}`;
  for (const q of questions) line += `,${csvCell(answerText(answerFor(parsed, q.id)))}`;
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
  const upTo = await latestResponseId(db, surveyId);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(CSV_BOM + csvHeader(questions), 'utf8');
    if (upTo === undefined) return;
    let after: string | undefined;
    for (;;) {
      const rows = await listResponsesAfter(db, surveyId, { after, upTo, limit: EXPORT_PAGE_SIZE });
      if (rows.length === 0) return;
      let text = '';
      for (const row of rows) text += csvRecord(questions, row.id, row.submitted_at, row.answers);
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
