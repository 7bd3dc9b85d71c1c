import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { percentageOf, type QuestionResult } from '@quorum/contract';
import { formatCount, formatPercentage } from '@/lib/format';
import { NoAnswersYet, ResultBars } from '../shared/result-bars';
import type { QuestionResultPart, QuestionResultProps } from '../types';

/** The three groups of a Net Promoter Score, by score: 0–6, 7–8, 9–10. */
const GROUPS = [
  { id: 'detractors', range: '0–6', color: '#dc2626' },
  { id: 'passives', range: '7–8', color: '#ca8a04' },
  { id: 'promoters', range: '9–10', color: '#16a34a' },
] as const;

function groupOf(score: number) {
  return score <= 6 ? GROUPS[0] : score <= 8 ? GROUPS[1] : GROUPS[2];
}

/** The score shown big: "+42", "−10", "0"; "–" while nobody answered. */
function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return '–';
  return score > 0 ? `+${score}` : score < 0 ? `−${Math.abs(score)}` : '0';
}

/**
 * A Net Promoter Score question: the score (−100 to 100), the promoters, passives and detractors with counts and
 * shares, and one bar per score from 0 to 10 coloured by its group.
 */
function NpsResult({ question }: QuestionResultProps) {
  const { t } = useTranslation('results');
  const nps = question.nps;
  const answered = question.answeredCount;
  return (
    <div className="grid gap-6 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start">
      <div className="space-y-3">
        <div className="rounded-card bg-slate-50 px-5 py-4 text-center">
          <p className="text-sm text-slate-600">{t('cards.nps.score')}</p>
          <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="nps-score">
            {formatScore(nps?.score)}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('cards.nps.range')}</p>
        </div>
        <dl className="space-y-1 text-sm">
          {GROUPS.map((group) => {
            const count = nps?.[group.id] ?? 0;
            return (
              <div key={group.id} className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-2 text-slate-800">
                  <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: group.color }} />
                  {t(`cards.nps.groups.${group.id}`)} <span className="text-slate-600">({group.range})</span>
                </dt>
                <dd className="text-slate-600 tabular-nums">
                  {formatCount(count)} · {formatPercentage(percentageOf(count, answered))}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
      {answered === 0 ? (
        <NoAnswersYet />
      ) : (
        <div className="space-y-2">
          <ResultBars bars={scoreBars(question, t)} label={t('cards.nps.perScore')} unit="answer" />
          <p className="flex justify-between gap-3 text-xs text-slate-600">
            <span>{t('cards.nps.low', { label: t('questions:nps.low') })}</span>
            <span className="text-end">{t('cards.nps.high', { label: t('questions:nps.high') })}</span>
          </p>
        </div>
      )}
    </div>
  );
}

function scoreBars(question: QuestionResult, t: TFunction<'results'>) {
  return question.statistics.map((s) => {
    const score = Number(s.answer);
    const group = Number.isInteger(score) ? groupOf(score) : undefined;
    return { ...s, label: s.answer, color: group?.color, note: group && t(`cards.nps.group.${group.id}`) };
  });
}

export const npsResult: QuestionResultPart<'nps'> = {
  type: 'nps',
  Result: NpsResult,
  readsResponses: () => false,
  valueBounds: () => ({ min: 0, max: 10 }),
};
