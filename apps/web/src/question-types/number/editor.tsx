import { useTranslation } from 'react-i18next';
import type { QuestionDraft, QuestionEditorPart, QuestionFieldsProps } from '../types';
import { RangeInput } from './range-input';

type NumberRangeDraft = NonNullable<QuestionDraft['numberRange']>;
const EMPTY_RANGE: NumberRangeDraft = { min: '', max: '', step: '' };

const BOUNDS: Array<{ part: keyof NumberRangeDraft }> = [{ part: 'min' }, { part: 'max' }, { part: 'step' }];

/** A bound as sent: a number, nothing when blank, or the text as typed (which the survey check refuses). */
function boundOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

function NumberFields({ question, name, errors, onChange }: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  const range = question.numberRange ?? EMPTY_RANGE;
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('questionTypes.number.legend')}
        <span className="ms-1 text-xs font-normal text-slate-500">{t('questionTypes.number.legendNote')}</span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {BOUNDS.map(({ part }) => (
          <RangeInput
            key={part}
            label={t(`questionTypes.number.${part}`)}
            type="number"
            name={`${name}.numberRange.${part}`}
            value={range[part]}
            invalid={Boolean(errors.range)}
            min={part === 'step' ? 0 : undefined}
            step="any"
            onChange={(value) => onChange({ ...question, numberRange: { ...range, [part]: value } })}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600">{t('questionTypes.number.stepNote')}</p>
      {errors.range && <p className="text-sm text-red-700">{errors.range}</p>}
    </fieldset>
  );
}

/** A number typed by the respondent, within the optional bounds and on the optional step. */
export const numberEditor: QuestionEditorPart<'number'> = {
  type: 'number',
  switchTo: () => ({ options: [], numberRange: { ...EMPTY_RANGE } }),
  draftOf: (question) => ({
    options: [],
    numberRange: {
      min: question.numberRange?.min === undefined ? '' : String(question.numberRange.min),
      max: question.numberRange?.max === undefined ? '' : String(question.numberRange.max),
      step: question.numberRange?.step === undefined ? '' : String(question.numberRange.step),
    },
  }),
  inputOf: (question) => {
    const range = question.numberRange ?? EMPTY_RANGE;
    const bounds = Object.fromEntries(
      BOUNDS.map(({ part }) => [part, boundOf(range[part])] as const).filter(([, value]) => value !== undefined),
    );
    return { options: [], ...(Object.keys(bounds).length > 0 ? { numberRange: bounds } : {}) };
  },
  Fields: NumberFields,
};
