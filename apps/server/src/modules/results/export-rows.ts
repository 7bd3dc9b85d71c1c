import type { Kysely } from 'kysely';
import {
  answerFor,
  answerText,
  isAnswerValue,
  questionLabel,
  questionTypeIs,
  type AnswerValue,
  type ResultsFilter,
} from '@quorum/contract';
import type { Database } from '../../db/schema';
import { serverQuestionType } from '../../question-types';
import { scanKeptResponses, type KeptResponse } from './filtered-responses';
import { compileFilter, type CompiledFilter } from './response-filter';
import { parseHiddenFields, toResultQuestion, type ResultQuestion } from './result-rows';
import { checkFilterLanguages } from './filter-languages';
import {
  findDeclaredHiddenFields,
  findSurveyLanguages,
  latestResponseId,
  listResultQuestions,
} from './results.repository';

/** Rows read per query while exporting: memory stays flat whatever the number of responses. */
export const EXPORT_PAGE_SIZE = 1000;

/** One cell of an export: text, or a number that a spreadsheet should hold as a number. */
export type ExportCell = string | number;

/** One response as both exports write it: the same columns, in the same order. */
export interface ExportRow {
  id: string;
  submittedAt: string;
  /** One per question, in column order ('' for nothing). */
  answers: ExportCell[];
  /** One per declared hidden field ('' for none). */
  hidden: string[];
  /** The survey language it was answered in: only when the export has a Language column. */
  language?: string;
}

/** The columns of both exports: the questions (current ones in order, then deleted ones) and the hidden fields. */
export interface ExportColumns {
  questions: readonly ResultQuestion[];
  hiddenKeys: readonly string[];
  /** A Language column last: the survey has more than one language. */
  language?: boolean;
}

/**
 * The header row: Response ID, Submitted At, then "Q{n}: {text}" per question (deleted ones last, marked), then one
 * column per hidden field the survey declares, headed by its name, then "Language" when the survey has more than one
 * language (a survey in one language exports as it always did).
 */
export function exportHeader({ questions, hiddenKeys, language }: ExportColumns): string[] {
  return [
    'Response ID',
    'Submitted At',
    ...questions.map((q, index) => questionLabel(index + 1, q.text, q.isDeleted)),
    ...hiddenKeys,
    ...(language ? ['Language'] : []),
  ];
}

/**
 * One answer as one cell: nothing (skipped, or not on the respondent's path) is empty; lists (checkbox, ranking in
 * the respondent's order) are joined with "; "; a matrix reads "Row: Column; Row 2: Column" in row order; the
 * answer to a rating, NPS or number question is a number.
 */
export function answerCell(question: ResultQuestion, value: AnswerValue | undefined): ExportCell {
  if (value === undefined || !isAnswerValue(value)) return '';
  const own = serverQuestionType(question.type).answerText;
  if (own) return own(question, value);
  // A numeric type's stored answer is a number (a number question stores its plain decimal text).
  if (questionTypeIs(question.type, 'numeric') && !Array.isArray(value) && value !== '') {
    const number = Number(value);
    if (Number.isFinite(number) && String(number) === String(value)) return number;
  }
  return answerText(value);
}

export function toExportRow(columns: ExportColumns, response: KeptResponse): ExportRow {
  const { row, answers } = response;
  const hidden =
    columns.hiddenKeys.length > 0
      ? new Map(Object.entries(parseHiddenFields(row.hidden_fields ?? null) ?? {}))
      : undefined;
  return {
    id: row.id,
    submittedAt: row.submitted_at,
    answers: columns.questions.map((q) => answerCell(q, answerFor(answers, q.id))),
    hidden: columns.hiddenKeys.map((key) => hidden?.get(key) ?? ''),
    ...(columns.language ? { language: row.language } : {}),
  };
}

/** What an export writes: its columns, the filter it keeps to, and its rows. */
export interface ExportSource {
  columns: ExportColumns;
  filter: CompiledFilter;
  /** The newest response the file holds: responses stored after the export started are left out. */
  upTo: string | undefined;
  /**
   * The kept responses, oldest first, in batches; pulled by the writer, so reading follows the socket. `onKept`
   * sees each response as read (the XLSX counts its statistics sheet with it).
   */
  batches(onKept?: (response: KeptResponse) => void): AsyncGenerator<ExportRow[]>;
}

/**
 * The one row source of the CSV and the XLSX: the survey's columns and the responses the filter keeps, oldest
 * first. The filter is checked against the survey here, before the first byte is sent.
 */
export async function openExportSource(
  db: Kysely<Database>,
  surveyId: string,
  filter: ResultsFilter = {},
): Promise<ExportSource> {
  const questions = (await listResultQuestions(db, surveyId)).map(toResultQuestion);
  const hiddenKeys = await findDeclaredHiddenFields(db, surveyId);
  const compiled = compileFilter(filter, questions, hiddenKeys);
  await checkFilterLanguages(db, surveyId, filter);
  const upTo = await latestResponseId(db, surveyId);
  const columns = { questions, hiddenKeys, language: (await findSurveyLanguages(db, surveyId)).length > 1 };
  return {
    columns,
    filter: compiled,
    upTo,
    async *batches(onKept) {
      for await (const kept of scanKeptResponses(db, surveyId, questions, compiled, upTo, {
        pageSize: EXPORT_PAGE_SIZE,
        hiddenFields: hiddenKeys.length > 0,
      })) {
        if (onKept) for (const response of kept) onKept(response);
        yield kept.map((response) => toExportRow(columns, response));
      }
    },
  };
}
