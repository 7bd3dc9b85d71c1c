import { nativeControl } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { i18n } from '@/i18n/i18n';

/** A column per row, in row order; a row not answered yet holds "". */
function answerRows(rows: readonly string[], value: unknown): string[] {
  return rows.map((_, index) => (Array.isArray(value) && typeof value[index] === 'string' ? value[index] : ''));
}

/**
 * One radio group per row, each a fieldset with the row as its legend; the columns wrap, so on a phone each row is
 * a card of its own.
 */
function MatrixInput({ question, name, value, onChange, arrange }: AnswerInputProps<'matrix'>) {
  const answer = answerRows(question.rows, value);
  const rowOrder = arrange(question.rows.map((_, index) => index));
  return (
    <div className="grid gap-3">
      {rowOrder.map((rowIndex) => (
        <fieldset
          key={rowIndex}
          className="min-w-0 rounded-control border border-slate-300 bg-white px-4 pt-2 pb-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600"
        >
          <legend className="px-1 text-base font-medium break-words text-slate-900">{question.rows[rowIndex]}</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {question.options.map((column) => (
              <label key={column} className="flex min-h-11 cursor-pointer items-center gap-2 text-base text-slate-800">
                <input
                  type="radio"
                  name={`${name}-row-${rowIndex}`}
                  value={column}
                  checked={answer[rowIndex] === column}
                  onChange={() => onChange(answer.map((a, i) => (i === rowIndex ? column : a)))}
                  className={nativeControl}
                />
                <span className="break-words">{column}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** One column for each row. */
export const matrixRunner: QuestionRunnerPart<'matrix'> = {
  type: 'matrix',
  Input: MatrixInput,
  restore(question, saved) {
    if (!Array.isArray(saved) || saved.length !== question.rows.length) return undefined;
    const answer = answerRows(question.rows, saved).map((a) => (question.options.includes(a) ? a : ''));
    return answer.some((a) => a !== '') ? answer : undefined;
  },
  problem(question, value) {
    const open = answerRows(question.rows, value).filter((a) => a === '').length;
    if (open === 0) return undefined;
    return i18n.t('questions:matrix.rowsOpen', { open });
  },
};
