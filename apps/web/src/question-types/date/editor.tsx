import { useTranslation } from 'react-i18next';
import { RangeInput } from '../number/range-input';
import type { QuestionDraft, QuestionEditorPart, QuestionFieldsProps } from '../types';

type DateRangeDraft = NonNullable<QuestionDraft['dateRange']>;
const EMPTY_RANGE: DateRangeDraft = { min: '', max: '' };

const BOUNDS: Array<{ part: keyof DateRangeDraft }> = [{ part: 'min' }, { part: 'max' }];

function DateFields({ question, name, errors, onChange }: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  const range = question.dateRange ?? EMPTY_RANGE;
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('questionTypes.date.legend')}
        <span className="ms-1 text-xs font-normal text-slate-500">{t('questionTypes.date.legendNote')}</span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {BOUNDS.map(({ part }) => (
          <RangeInput
            key={part}
            label={t(`questionTypes.date.${part}`)}
            type="date"
            name={`${name}.dateRange.${part}`}
            value={range[part]}
            invalid={Boolean(errors.range)}
            onChange={(value) => onChange({ ...question, dateRange: { ...range, [part]: value } })}
          />
        ))}
      </div>
      {errors.range && <p className="text-sm text-red-700">{errors.range}</p>}
    </fieldset>
  );
}

/** A calendar date picked by the respondent, within the optional earliest and latest dates. */
export const dateEditor: QuestionEditorPart<'date'> = {
  type: 'date',
  switchTo: () => ({ options: [], dateRange: { ...EMPTY_RANGE } }),
  draftOf: (question) => ({
    options: [],
    dateRange: { min: question.dateRange?.min ?? '', max: question.dateRange?.max ?? '' },
  }),
  inputOf: (question) => {
    const range = question.dateRange ?? EMPTY_RANGE;
    const bounds = Object.fromEntries(
      BOUNDS.map(({ part }) => [part, range[part].trim()] as const).filter(([, value]) => value !== ''),
    );
    return { options: [], ...(Object.keys(bounds).length > 0 ? { dateRange: bounds } : {}) };
  },
  Fields: DateFields,
};
