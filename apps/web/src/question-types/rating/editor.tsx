import { useTranslation } from 'react-i18next';
import { FIVE_POINT_SCALE, ratingOptions } from '@quorum/contract';
import type { QuestionEditorPart, QuestionFieldsProps } from '../types';
import { RatingPreview } from './rating-preview';
import { changeRatingScale, ratingPresetOf, scaleOf, type RatingPreset } from './scale';

/** The two scales, with the keys of their name and description in the `editor` catalog. */
const RATING_CHOICES: Array<{ preset: RatingPreset; label: string; hint: string }> = [
  { preset: 5, label: 'questionTypes.rating.fivePoint', hint: 'questionTypes.rating.fivePointHint' },
  { preset: 10, label: 'questionTypes.rating.tenPoint', hint: 'questionTypes.rating.tenPointHint' },
];

function RatingFields({ question, name, errors, onChange }: QuestionFieldsProps) {
  const { t } = useTranslation('editor');
  if (!question.ratingScale) return null;
  return (
    <div className="mt-4 space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('questionTypes.rating.legend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {RATING_CHOICES.map((choice) => (
            <label
              key={choice.preset}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-accent-600 has-checked:bg-accent-50"
            >
              <input
                type="radio"
                name={`${name}.ratingScale`}
                value={choice.preset}
                checked={ratingPresetOf(question) === choice.preset}
                onChange={() => onChange(changeRatingScale(question, choice.preset))}
                className="mt-0.5 accent-accent-600"
              />
              <span>
                <span className="block text-sm font-medium">{t(choice.label)}</span>
                <span className="block text-xs text-slate-600">{t(choice.hint)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.rating && <p className="mt-2 text-sm text-red-700">{errors.rating}</p>}
      </fieldset>
      <div className="rounded-lg bg-slate-50 p-3">
        <RatingPreview key={question.ratingScale.max} scale={question.ratingScale} />
      </div>
    </div>
  );
}

/**
 * A number on a 5-point or 10-point scale. Switching to rating sets the five-point scale and its options
 * '1' to '5'; the options are always the scale's numbers.
 */
export const ratingEditor: QuestionEditorPart<'rating'> = {
  type: 'rating',
  switchTo: () => ({ ratingScale: FIVE_POINT_SCALE, options: ratingOptions(FIVE_POINT_SCALE) }),
  draftOf: (question) => ({ options: [...question.options], ratingScale: question.ratingScale }),
  inputOf: (question) => ({ options: ratingOptions(scaleOf(question)), ratingScale: scaleOf(question) }),
  Fields: RatingFields,
};
