import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { RatingScale } from '@quorum/contract';
import { shownRatingStops } from './scale';
import { SliderStops } from './slider-stops';

/**
 * How respondents will see a rating question, with the labels they will see: the 10-point scale as a
 * slider with its labelled stops, the 5-point scale as radio options with per-value labels.
 */
export function RatingPreview({ scale }: { scale: RatingScale }) {
  const { t } = useTranslation('questions');
  const id = useId();
  const stops = shownRatingStops(scale);
  const [value, setValue] = useState(Math.ceil((scale.min + scale.max) / 2));
  const textOf = (v: number) => stops.find((stop) => stop.value === v)?.text ?? String(v);

  if (scale.max === 10) {
    return (
      <div className="space-y-2">
        <label htmlFor={id} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {t('rating.previewSlider')}
        </label>
        <div>
          <input
            id={id}
            type="range"
            min={scale.min}
            max={scale.max}
            step={1}
            value={value}
            onChange={(e) => setValue(Number(e.target.value))}
            aria-valuetext={textOf(value)}
            className="block h-8 w-full accent-accent-600"
          />
          <SliderStops stops={stops} className="text-xs text-slate-600" />
        </div>
        <p className="text-sm text-slate-700" aria-live="polite">
          <Trans
            t={t}
            i18nKey="rating.selected"
            values={{ value: textOf(value) }}
            components={{ strong: <span className="font-medium" /> }}
          />
        </p>
      </div>
    );
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        {t('rating.previewOptions')}
      </legend>
      <div className="flex flex-wrap gap-2">
        {stops.map((stop) => (
          <label
            key={stop.value}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm has-checked:border-accent-600 has-checked:bg-accent-50"
          >
            <input
              type="radio"
              name={`${id}-preview`}
              value={stop.value}
              checked={value === stop.value}
              onChange={() => setValue(stop.value)}
              className="accent-accent-600"
            />
            {stop.text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
