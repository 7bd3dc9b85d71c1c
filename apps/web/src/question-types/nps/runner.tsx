import { cn } from '@/components/ui/cn';
import { optionRow } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';

const SCORES = Array.from({ length: 11 }, (_, score) => score);

/** 0 to 10 as radio buttons, two rows on a phone, one from a tablet up, with the end labels under 0 and 10. */
function NpsInput({ name, value, onChange }: AnswerInputProps<'nps'>) {
  const { t } = useTranslation('questions');
  const lowId = `${name}-low`;
  const highId = `${name}-high`;
  return (
    <div>
      <div className="grid grid-cols-6 gap-2 sm:grid-cols-11">
        {SCORES.map((score) => (
          <label
            key={score}
            className={cn(optionRow, 'min-h-12 justify-center px-0 py-2 text-lg font-semibold tabular-nums')}
          >
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              aria-describedby={score === 0 ? lowId : score === 10 ? highId : undefined}
              className="sr-only"
            />
            {score}
          </label>
        ))}
      </div>
      <div className="mt-2 flex justify-between gap-4 text-sm text-slate-600">
        <span id={lowId}>{t('nps.low')}</span>
        <span id={highId} className="text-end">
          {t('nps.high')}
        </span>
      </div>
    </div>
  );
}

/** A whole number from 0 to 10. */
export const npsRunner: QuestionRunnerPart<'nps'> = {
  type: 'nps',
  Input: NpsInput,
  restore: (_question, saved) =>
    typeof saved === 'number' && Number.isInteger(saved) && saved >= 0 && saved <= 10 ? saved : undefined,
};
