import { useId } from 'react';
import type { AnswerValue } from '@quorum/contract';
import { cn } from '@/components/ui/cn';
import { idList, nativeControl, optionRow } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { shownRatingStops } from './scale';
import { SliderStops } from './slider-stops';
import { useTranslation } from 'react-i18next';

/** A scale with a maximum of 10 is a slider; a five-point scale, radio options with their labels. */
function RatingInput(props: AnswerInputProps<'rating'>) {
  return props.question.ratingScale.max === 10 ? <RatingSlider {...props} /> : <RatingChoices {...props} />;
}

/** A five-point scale: radio options with their per-value labels. */
function RatingChoices({ question, name, value, onChange }: AnswerInputProps<'rating'>) {
  return (
    <div className="grid gap-3 sm:grid-cols-5 sm:gap-2">
      {shownRatingStops(question.ratingScale).map((stop) => (
        <label
          key={stop.value}
          className={cn(
            optionRow,
            'sm:min-h-24 sm:flex-col sm:justify-center sm:gap-1 sm:px-2 sm:text-center sm:[&>input]:sr-only',
          )}
        >
          <input
            type="radio"
            name={name}
            value={stop.value}
            checked={value === stop.value}
            onChange={() => onChange(stop.value)}
            className={nativeControl}
          />
          <span className="text-lg font-semibold tabular-nums">{stop.value}</span>
          {stop.label && <span className="text-sm text-slate-600 sm:text-xs">{stop.label}</span>}
        </label>
      ))}
    </div>
  );
}

/** A ten-point scale: a slider labelled at the values its scale labels. Unanswered until moved or tapped. */
function RatingSlider({ question, headingId, value, onChange, describedBy }: AnswerInputProps<'rating'>) {
  const { t } = useTranslation('questions');
  const { min, max } = question.ratingScale;
  const stops = shownRatingStops(question.ratingScale);
  const answered = typeof value === 'number';
  const current = answered ? value : Math.round((min + max) / 2);
  const id = useId();
  return (
    <div>
      <p className="mb-4 text-center text-3xl font-semibold tabular-nums text-slate-900" aria-hidden="true">
        {answered ? value : '–'}
      </p>
      <input
        type="range"
        min={min}
        max={max}
        step={1}
        value={current}
        aria-labelledby={headingId}
        aria-describedby={idList(`${id}-hint`, describedBy)}
        aria-valuetext={
          answered ? (stops.find((s) => s.value === current)?.text ?? String(current)) : t('rating.notRated')
        }
        onChange={(event) => onChange(Number(event.target.value))}
        onPointerUp={(event) => onChange(Number(event.currentTarget.value))}
        className={cn('block h-8 w-full cursor-pointer accent-accent-600', !answered && 'opacity-60')}
      />
      <SliderStops stops={stops} className="text-xs text-slate-600 sm:text-sm" />
      <p id={`${id}-hint`} className="mt-3 text-center text-sm text-slate-600">
        {answered ? t('rating.hintChange') : t('rating.hintRate')}
      </p>
    </div>
  );
}

/** A whole number on the question's scale. */
export const ratingRunner: QuestionRunnerPart<'rating'> = {
  type: 'rating',
  Input: RatingInput,
  restore: (question, saved): AnswerValue | undefined =>
    typeof saved === 'number' &&
    Number.isInteger(saved) &&
    saved >= question.ratingScale.min &&
    saved <= question.ratingScale.max
      ? saved
      : undefined,
};
