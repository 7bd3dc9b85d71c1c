import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { CSV_BOM, csvCell, csvRow, type ResultsFilter } from '@quorum/contract';
import type { Database } from '../../db/schema';
import { exportHeader, openExportSource, type ExportRow } from './export-rows';

/** One response as a CSV record: every cell formula-safe and RFC 4180 quoted. */
export function csvRecord(row: ExportRow): string {
  let line = `${csvCell(row.id)},${csvCell(row.submittedAt)}`;
  for (const cell of row.answers) line += `,${csvCell(typeof cell === 'number' ? String(cell) : cell)}`;
  for (const value of row.hidden) line += `,${csvCell(value)}`;
  if (row.language !== undefined) line += `,${csvCell(row.language)}`;
  return `${line}\r\n`;
}

/**
 * The whole export as a byte stream: the BOM and header, then the responses the filter keeps, oldest first, read
 * in keyset pages. The stream is pulled by the socket, so a slow client slows the reads down (backpressure) instead
 * of rows piling up in memory; closing the connection stops the reading. Responses stored after the export
 * started are left out, so the file is a consistent cut.
 */
export async function createCsvExportStream(
  db: Kysely<Database>,
  surveyId: string,
  filter: ResultsFilter = {},
): Promise<Readable> {
  const source = await openExportSource(db, surveyId, filter);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(CSV_BOM + csvRow(exportHeader(source.columns)), 'utf8');
    for await (const rows of source.batches()) {
      let text = '';
      for (const row of rows) text += csvRecord(row);
      yield Buffer.from(text, 'utf8');
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
