import { isJsonObject, type HistogramBin, type NumberRange, type NumberSummary } from '@quorum/contract';
import type { QuestionCounts, ServerQuestionType } from './types';
import { modelRange, settingsFrom, settingsText } from './shared';

/** The most bars a number question's histogram has. */
export const HISTOGRAM_BINS = 10;

/** A stored range: only finite bounds and a positive step are kept; anything else reads as absent. */
function numberRangeFrom(value: unknown): NumberRange | undefined {
  if (!isJsonObject(value)) return undefined;
  const { min, max, step } = value;
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  const range: NumberRange = {
    ...(finite(min) ? { min } : {}),
    ...(finite(max) ? { max } : {}),
    ...(finite(step) && step > 0 ? { step } : {}),
  };
  return Object.keys(range).length > 0 ? range : undefined;
}

/** Each distinct value given with how often, smallest first (counter keys that are not numbers are left out). */
function valueCounts(counts: QuestionCounts): Array<[number, number]> {
  const values: Array<[number, number]> = [];
  for (const [answer, count] of counts.byAnswer) {
    const value = Number(answer);
    if (answer.trim() !== '' && Number.isFinite(value) && count > 0) values.push([value, count]);
  }
  return values.sort(([a], [b]) => a - b);
}

/** Count, smallest, largest, mean and median of the answers, from the count of each distinct value. */
export function numberSummary(values: ReadonlyArray<[number, number]>): NumberSummary {
  const count = values.reduce((sum, [, c]) => sum + c, 0);
  if (count === 0) return { count: 0, min: null, max: null, mean: null, median: null };
  const sum = values.reduce((total, [value, c]) => total + value * c, 0);
  /** The value at a 0-based position of the sorted answers. */
  const at = (position: number): number => {
    let seen = 0;
    for (const [value, c] of values) {
      seen += c;
      if (position < seen) return value;
    }
    return values.at(-1)![0];
  };
  const median = count % 2 === 1 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
  return { count, min: values[0]![0], max: values.at(-1)![0], mean: sum / count, median };
}

/**
 * Up to HISTOGRAM_BINS bars of equal width from the smallest to the largest answer (never more bars than
 * distinct values); one bar when every answer is the same; none while nobody answered.
 */
export function histogram(values: ReadonlyArray<[number, number]>): HistogramBin[] {
  if (values.length === 0) return [];
  const min = values[0]![0];
  const max = values.at(-1)![0];
  if (min === max) return [{ from: min, to: max, count: values[0]![1] }];
  const bins = Math.min(HISTOGRAM_BINS, values.length);
  const width = (max - min) / bins;
  const result = Array.from({ length: bins }, (_, i) => ({
    from: min + i * width,
    to: i === bins - 1 ? max : min + (i + 1) * width,
    count: 0,
  }));
  for (const [value, count] of values) {
    result[Math.min(bins - 1, Math.floor((value - min) / width))]!.count += count;
  }
  return result;
}

/**
 * A number, stored as its plain decimal text: each distinct value is a counter, and every figure of the summary
 * and the histogram is read from those counters.
 */
export const number: ServerQuestionType<'number'> = {
  toRow: (q) => ({ options: '[]', rating_scale: null, settings: settingsText({ numberRange: q.numberRange }) }),
  fromRow(row) {
    const numberRange = numberRangeFrom(settingsFrom(row.settings).numberRange);
    return { id: row.id, text: row.text, type: 'number', options: [], ...(numberRange ? { numberRange } : {}) };
  },
  // A number means the same whatever range the question allows now.
  keepsAnswers: () => true,
  modelFields: (q) => modelRange('numberRange', q.numberRange ?? q.number_range),
  countAnswer(_q, value, count) {
    count(String(value));
    return 0;
  },
  results(_q, counts) {
    const values = valueCounts(counts);
    return { statistics: [], summary: numberSummary(values), histogram: histogram(values) };
  },
};
