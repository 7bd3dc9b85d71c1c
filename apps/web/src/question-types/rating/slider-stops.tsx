import type { RatingStop } from '@quorum/contract';
import { cn } from '@/components/ui/cn';

/**
 * The width of the browser's range thumb. The thumb's centre, where a value sits, runs from half a thumb
 * after the track's start to half a thumb before its end, so value v of min…max is at
 * thumb/2 + (width − thumb) × (v − min) / (max − min).
 */
const THUMB = '1rem';

const positionOf = (value: number, min: number, max: number) =>
  `calc(${THUMB} / 2 + (100% - ${THUMB}) * ${max === min ? 0 : (value - min) / (max - min)})`;

/**
 * Under a full-width range input: a tick at every value and, under it, the label of each labelled value,
 * lined up with its tick. The first label starts at the track's start and the last ends at its end (their
 * ticks inside them); labels between are centred on their tick. Decoration: the slider's value text says
 * the same to screen readers.
 */
export function SliderStops({ stops, className }: { stops: readonly RatingStop[]; className?: string }) {
  const min = stops[0]?.value ?? 0;
  const max = stops.at(-1)?.value ?? 0;
  const labelled = stops.filter((stop) => stop.label !== undefined);
  return (
    <div aria-hidden="true" className={className} data-slider-stops="">
      <div className="relative h-1.5">
        {stops.map((stop) => (
          <span
            key={stop.value}
            data-tick={stop.value}
            className="absolute top-0 h-full w-px -translate-x-1/2 bg-slate-400 rtl:translate-x-1/2"
            style={{ insetInlineStart: positionOf(stop.value, min, max) }}
          />
        ))}
      </div>
      <div className="mt-1 grid">
        {labelled.map((stop) => {
          const first = stop.value === min;
          const last = stop.value === max;
          return (
            <span
              key={stop.value}
              data-stop={stop.value}
              className={cn(
                'col-start-1 row-start-1 max-w-[32%]',
                first && 'justify-self-start text-start',
                last && 'justify-self-end text-end',
                !first && !last && 'justify-self-start -translate-x-1/2 text-center rtl:translate-x-1/2',
              )}
              style={!first && !last ? { marginInlineStart: positionOf(stop.value, min, max) } : undefined}
            >
              {stop.text}
            </span>
          );
        })}
      </div>
    </div>
  );
}
