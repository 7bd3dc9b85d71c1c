import { useId, useState } from 'react';
import type { RatingScale } from '@quorum/contract';
import { ratingOptions } from '@quorum/contract';

/**
 * How respondents will see a rating question: the 10-point scale as a slider with
 * its labelled stops, the 5-point scale as radio options with per-value labels.
 */
export function RatingPreview({ scale }: { scale: RatingScale }) {
  const id = useId();
  const values = ratingOptions(scale);
  const [value, setValue] = useState(Math.ceil((scale.min + scale.max) / 2));
  const labelOf = (v: string) => (scale.labels[v] ? `${v} - ${scale.labels[v]}` : v);

  if (scale.max === 10) {
    const labelled = values.filter((v) => scale.labels[v]);
    return (
      <div className="space-y-2">
        <label htmlFor={id} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          Preview: slider
        </label>
        <input
          id={id}
          type="range"
          min={scale.min}
          max={scale.max}
          step={1}
          value={value}
          onChange={(e) => setValue(Number(e.target.value))}
          aria-valuetext={labelOf(String(value))}
          aria-describedby={`${id}-stops`}
          className="w-full accent-accent-600"
        />
        <div id={`${id}-stops`} className="flex justify-between gap-2 text-xs text-slate-600">
          {labelled.map((v, i) => (
            <span
              key={v}
              className={
                i === 0
                  ? 'max-w-[33%]'
                  : i === labelled.length - 1
                    ? 'max-w-[33%] text-right'
                    : 'max-w-[33%] text-center'
              }
            >
              {labelOf(v)}
            </span>
          ))}
        </div>
        <p className="text-sm text-slate-700" aria-live="polite">
          Selected: <span className="font-medium">{labelOf(String(value))}</span>
        </p>
      </div>
    );
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-medium tracking-wide text-slate-500 uppercase">Preview: options</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((v) => (
          <label
            key={v}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm has-checked:border-accent-600 has-checked:bg-accent-50"
          >
            <input
              type="radio"
              name={`${id}-preview`}
              value={v}
              checked={String(value) === v}
              onChange={() => setValue(Number(v))}
              className="accent-accent-600"
            />
            {labelOf(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
