import { useTranslation } from 'react-i18next';
import { NPS_OPTIONS } from '@quorum/contract';
import type { QuestionEditorPart } from '../types';

function NpsFields() {
  const { t } = useTranslation('editor');
  return (
    <div className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3">
      <p className="text-sm text-slate-600">{t('questionTypes.nps.note')}</p>
      <figure className="m-0 space-y-1">
        <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {t('questionTypes.nps.preview')}
        </figcaption>
        <ol className="grid grid-cols-11 gap-1" aria-label={t('questionTypes.nps.scaleLabel')}>
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
          <span>{t('questionTypes.nps.low')}</span>
          <span className="text-end">{t('questionTypes.nps.high')}</span>
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
