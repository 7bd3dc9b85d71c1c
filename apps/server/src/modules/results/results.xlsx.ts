import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { XLSX_STATISTICS_SHEET, type QuestionResult } from '@quorum/contract';
import type { KeptResponse } from './filtered-responses';
import { exportHeader, type ExportCell, type ExportSource } from './export-rows';

/** The content type of an .xlsx file. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The name of the first sheet: one row per response, the CSV's columns. */
export const XLSX_RESPONSES_SHEET = 'Responses';

/** The longest text a spreadsheet cell holds. */
const MAX_CELL_TEXT = 32_767;

// Characters XML 1.0 cannot carry (control characters, lone surrogates, U+FFFE/U+FFFF): a file holding one is
// damaged, so each becomes U+FFFD.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as a cell holds it: always a string cell (a spreadsheet never runs a string cell as a formula, so text that
 * looks like one stays text, unlike in the CSV where an apostrophe must disarm it), XML-safe and within a cell's
 * length.
 */
export function xlsxText(value: string): string {
  const safe = value.replace(NOT_XML, '\ufffd');
  return safe.length > MAX_CELL_TEXT ? safe.slice(0, MAX_CELL_TEXT) : safe;
}

function cellValue(cell: ExportCell): string | number {
  return typeof cell === 'number' ? cell : xlsxText(cell);
}

/** Resolves when the stream takes more bytes again, or is closed (a client that went away). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** The XML a sheet may hold waiting for the zip before the writer waits: memory stays flat. */
const MAX_SHEET_BACKLOG = 1 << 20;

/** How the writer stands: exceljs' sheet stream and the zip entry its bytes go to (internals, read defensively). */
interface SheetInternals {
  _stream?: { pipes?: { _writableState?: { length?: number }; _readableState?: { length?: number } }[] };
}

/**
 * Bytes of a sheet's XML not yet taken by the zip. exceljs hands each 64 KB of XML on without waiting for the
 * compressor, so a writer faster than deflate would pile the whole sheet up in memory; the export waits instead.
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): number {
  const entry = (sheet as unknown as SheetInternals)._stream?.pipes?.[0];
  return (entry?._writableState?.length ?? 0) + (entry?._readableState?.length ?? 0);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the statistics sheet shows: the responses counted and each question's statistics. */
export interface XlsxStatistics {
  /** Counts one response of the file (called for each, oldest first). */
  add(response: KeptResponse): void;
  /** Once every response was added. */
  results(): { matching: number; questions: QuestionResult[] };
}

/** The statistics sheet's rows: Question, Answer, Count, Percentage (figures as numbers). */
export function statisticsRows(matching: number, questions: readonly QuestionResult[]): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [['Question', 'Answer', 'Count', 'Percentage']];
  rows.push(['Responses', null, matching, null]);
  questions.forEach((q, index) => {
    const label = xlsxText(`Q${index + 1}: ${q.text}${q.isDeleted ? ' (deleted)' : ''}`);
    rows.push([label, 'Answered', q.answeredCount, null]);
    for (const s of q.statistics) rows.push([label, xlsxText(s.answer), s.count, s.percentage]);
    for (const row of q.rows ?? []) {
      for (const s of row.statistics) rows.push([label, xlsxText(`${row.row}: ${s.answer}`), s.count, s.percentage]);
    }
    if (q.average !== undefined && q.average !== null)
      rows.push([label, 'Average', Math.round(q.average * 100) / 100, null]);
    if (q.nps) {
      rows.push([label, 'NPS', q.nps.score, null]);
      rows.push([label, 'Promoters', q.nps.promoters, null]);
      rows.push([label, 'Passives', q.nps.passives, null]);
      rows.push([label, 'Detractors', q.nps.detractors, null]);
    }
    if (q.summary && q.summary.count > 0) {
      rows.push([label, 'Mean', q.summary.mean, null]);
      rows.push([label, 'Median', q.summary.median, null]);
      rows.push([label, 'Min', q.summary.min, null]);
      rows.push([label, 'Max', q.summary.max, null]);
    }
  });
  return rows;
}

/**
 * The XLSX export as a byte stream, written by exceljs' streaming writer (no shared strings, so nothing grows with
 * the rows): sheet 1 the CSV's columns, one row per response, `Submitted At` a date cell and rating, NPS and number
 * answers number cells; sheet 2 (XLSX_STATISTICS_SHEET) the statistics of the same responses, counted while the
 * rows pass. Rows are read a batch at a time and only while the socket takes the bytes (the writer waits for the
 * stream to drain), so memory stays flat. exceljs is loaded on the first export.
 */
export function createXlsxExportStream(source: ExportSource, statistics: XlsxStatistics): Readable {
  const out = new PassThrough();
  const header = exportHeader(source.columns);
  async function write(): Promise<void> {
    // exceljs (about 8 MB of heap) is loaded by the first export, not at start-up.
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet(XLSX_RESPONSES_SHEET);
    sheet.columns = header.map((title, index) => ({
      header: xlsxText(title),
      width: index === 0 ? 38 : index === 1 ? 20 : 24,
      ...(index === 1 ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
    }));
    for await (const rows of source.batches((response) => statistics.add(response))) {
      if (out.destroyed) return;
      for (const row of rows) {
        const values: (string | number | Date)[] = [row.id, new Date(row.submittedAt)];
        for (const cell of row.answers) values.push(cellValue(cell));
        for (const value of row.hidden) values.push(xlsxText(value));
        if (row.language !== undefined) values.push(xlsxText(row.language));
        sheet.addRow(values).commit();
      }
      while (sheetBacklog(sheet) > MAX_SHEET_BACKLOG && !out.destroyed) await pause(2);
      if (out.writableNeedDrain) await drained(out);
    }
    sheet.commit();
    const { matching, questions } = statistics.results();
    const stats = workbook.addWorksheet(XLSX_STATISTICS_SHEET);
    stats.columns = [{ width: 48 }, { width: 32 }, { width: 10 }, { width: 12 }];
    for (const row of statisticsRows(matching, questions)) stats.addRow(row).commit();
    stats.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
