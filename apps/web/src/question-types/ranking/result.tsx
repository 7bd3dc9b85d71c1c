import { useTranslation } from 'react-i18next';
import { formatOneDecimal } from '@/lib/format';
import { NoAnswersYet } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

/**
 * A ranking question: each option's average rank, best (lowest) first, as a bar that is longest for the best.
 * The list says every rank in words, so the bars are hidden from screen readers.
 */
function RankingResult({ question }: QuestionResultProps) {
  const { t } = useTranslation('results');
  const ranking = question.ranking ?? [];
  if (question.answeredCount === 0 || ranking.length === 0) return <NoAnswersYet />;
  const places = Math.max(ranking.length, 1);
  return (
    <div className="space-y-2">
      <ol
        className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 sm:gap-x-4"
        aria-label={t('cards.ranking.list')}
      >
        {ranking.map((r, index) => {
          // Rank 1 fills the bar; the last place leaves a sliver.
          const share = r.averageRank === null ? 0 : ((places + 1 - r.averageRank) / places) * 100;
          return (
            <li key={r.option} className="col-span-3 grid grid-cols-subgrid items-center">
              <span className="text-sm break-words text-slate-800">
                <span className="me-2 text-slate-600 tabular-nums">{index + 1}.</span>
                {r.option}
              </span>
              <span className="h-2.5 min-w-12 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-accent-500"
                  style={{ width: `${Math.min(100, Math.max(0, share))}%` }}
                />
              </span>
              <span className="text-end text-sm whitespace-nowrap text-slate-600 tabular-nums">
                <span className="sr-only">{t('cards.ranking.averageRank')} </span>
                {/* An average rank to one decimal place ("–" when nobody ranked the option). */}
                {formatOneDecimal(r.averageRank)}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-600">{t('cards.ranking.note')}</p>
    </div>
  );
}

export const rankingResult: QuestionResultPart<'ranking'> = {
  type: 'ranking',
  Result: RankingResult,
  readsResponses: () => false,
  /** Numbered places in the respondent's order: "1. A; 2. B". */
  listText: (_question, value) => value.map((option, index) => `${index + 1}. ${option}`).join('; '),
};
