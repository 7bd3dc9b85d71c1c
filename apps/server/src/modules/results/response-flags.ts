import type { Kysely } from 'kysely';
import {
  answerFor,
  isAnswerValue,
  questionTypeIs,
  QUALITY_RULES,
  RESPONSE_FLAGS,
  type AnswerValue,
  type Question,
  type ResponseFlag,
} from '@quorum/contract';
import type { Database } from '../../db/schema';
import { parseAnswers } from '../responses';
import { readCompletionTimes } from '../tallies';
import { toResultQuestion } from './result-rows';
import { earliestResponsesWithHashes, listResultQuestions } from './results.repository';

/**
 * Straightlining: at least QUALITY_RULES.straightlinerMinItems rating, NPS or matrix items answered (each answered
 * matrix row is an item), every one with the same answer. Pure: the stored answers and the questions only.
 */
export function isStraightliner(questions: readonly Question[], answers: Readonly<Record<string, AnswerValue>>) {
  let items = 0;
  let first: string | undefined;
  for (const question of questions) {
    if (!questionTypeIs(question.type, 'scaleItems')) continue;
    const value = answerFor(answers, question.id);
    if (value === undefined || !isAnswerValue(value)) continue;
    const given = Array.isArray(value) ? (questionTypeIs(question.type, 'arrangement') ? value : []) : [value];
    for (const item of given) {
      if (item === '') continue;
      const text = String(item);
      if (first === undefined) first = text;
      else if (text !== first) return false;
      items += 1;
    }
  }
  return items >= QUALITY_RULES.straightlinerMinItems;
}

/**
 * The survey-wide facts the flags are judged by: the rating, NPS and matrix questions (straightlining) and the time under which a
 * response is a speeder (a third of the median completion time, from the counters, once at least
 * QUALITY_RULES.speederMinResponses completions have a time; null before).
 */
export interface FlagRules {
  questions: readonly Question[];
  speederBelowMs: number | null;
}

export async function loadFlagRules(
  db: Kysely<Database>,
  surveyId: string,
  questions: readonly Question[],
): Promise<FlagRules> {
  const times = await readCompletionTimes(db, surveyId);
  const median = times.medianSeconds;
  const enough = median !== null && times.count >= QUALITY_RULES.speederMinResponses;
  return {
    // Only the items straightlining looks at.
    questions: questions.filter((q) => questionTypeIs(q.type, 'scaleItems')),
    speederBelowMs: enough ? median * 1000 * QUALITY_RULES.speederShareOfMedian : null,
  };
}

/** The flags of one response, in RESPONSE_FLAGS order; `duplicate` is decided by the caller (it needs others). */
export function flagsOf(
  rules: FlagRules,
  response: { answers: Readonly<Record<string, AnswerValue>>; durationMs: number | null },
  duplicate: boolean,
): ResponseFlag[] {
  const flags: ResponseFlag[] = [];
  for (const flag of RESPONSE_FLAGS) {
    if (flag === 'speeder') {
      if (rules.speederBelowMs !== null && response.durationMs !== null && response.durationMs < rules.speederBelowMs)
        flags.push(flag);
    } else if (flag === 'straightliner') {
      if (isStraightliner(rules.questions, response.answers)) flags.push(flag);
    } else if (duplicate) {
      flags.push(flag);
    }
  }
  return flags;
}

/**
 * Duplicates among responses read in any order: a response is a duplicate when another response of the survey
 * has the same non-null `text_hash` and a smaller id. The earliest id of each hash is looked up through the index
 * `(survey_id, text_hash, id)` once per hash and remembered. A scan in id order from the survey's first response
 * passes `fromStart`: the first time it meets a hash is the earliest, so nothing is looked up at all.
 */
export function duplicateFinder(db: Kysely<Database>, surveyId: string, fromStart = false) {
  const earliest = new Map<string, string>();
  return {
    /** Learns the earliest id of every hash of these rows that is not known yet (call once per batch). */
    async prepare(rows: readonly { id: string; text_hash?: string | null | undefined }[]): Promise<void> {
      const unknown = new Set<string>();
      for (const row of rows) {
        if (row.text_hash === null || row.text_hash === undefined || earliest.has(row.text_hash)) continue;
        if (fromStart) earliest.set(row.text_hash, row.id);
        else unknown.add(row.text_hash);
      }
      if (unknown.size === 0) return;
      for (const [hash, id] of await earliestResponsesWithHashes(db, surveyId, [...unknown])) earliest.set(hash, id);
    },
    isDuplicate(row: { id: string; text_hash?: string | null | undefined }): boolean {
      if (row.text_hash === null || row.text_hash === undefined) return false;
      const first = earliest.get(row.text_hash);
      return first !== undefined && first < row.id;
    },
  };
}

/** A stored response as the flags read it. */
export interface FlaggableRow {
  id: string;
  answers: string;
  duration_ms: number | null;
  text_hash: string | null;
}

/**
 * The flags of some responses of one survey (response id → flags), for the response list and the response
 * detail. Reads the counters' median and the duplicates' earliest ids; never scans the survey's responses.
 * `questions` defaults to every question the survey ever had.
 */
export async function flagResponses(
  db: Kysely<Database>,
  surveyId: string,
  rows: readonly FlaggableRow[],
  questions?: readonly Question[],
): Promise<Map<string, ResponseFlag[]>> {
  const flags = new Map<string, ResponseFlag[]>();
  if (rows.length === 0) return flags;
  const asked = questions ?? (await listResultQuestions(db, surveyId)).map(toResultQuestion);
  const rules = await loadFlagRules(db, surveyId, asked);
  const duplicates = duplicateFinder(db, surveyId);
  await duplicates.prepare(rows);
  for (const row of rows) {
    const durationMs = row.duration_ms === null ? null : Number(row.duration_ms);
    flags.set(row.id, flagsOf(rules, { answers: parseAnswers(row.answers), durationMs }, duplicates.isDuplicate(row)));
  }
  return flags;
}
