import { NPS_LABELS, NPS_OPTIONS } from '@quorum/contract';
import type { QuestionEditorPart } from '../types';

function NpsFields() {
  return (
    <div className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <p className="text-sm text-slate-600">
        Respondents pick a number from 0 to 10. Results show the Net Promoter Score: the share of promoters (9 and 10)
        less the share of detractors (0 to 6).
      </p>
      <figure className="m-0 space-y-1">
        <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Preview: scale</figcaption>
        <ol className="grid grid-cols-11 gap-1" aria-label="0 to 10">
          {NPS_OPTIONS.map((value) => (
            <li
              key={value}
              className="flex h-8 items-center justify-center rounded border border-slate-300 bg-white text-xs text-slate-700 tabular-nums"
            >
              {value}
            </li>
          ))}
        </ol>
        <div className="flex justify-between gap-2 text-xs text-slate-600">
          <span>0 - {NPS_LABELS.low}</span>
          <span className="text-right">10 - {NPS_LABELS.high}</span>
        </div>
      </figure>
    </div>
  );
}

/** A Net Promoter Score: a whole number from 0 to 10; its options are always "0" to "10". */
export const npsEditor: QuestionEditorPart<'nps'> = {
  type: 'nps',
  switchTo: () => ({ options: [...NPS_OPTIONS] }),
  draftOf: () => ({ options: [...NPS_OPTIONS] }),
  inputOf: () => ({ options: [...NPS_OPTIONS] }),
  Fields: NpsFields,
};
