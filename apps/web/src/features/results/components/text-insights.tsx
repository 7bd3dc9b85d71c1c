import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InsightsResponse } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPercentage } from '@/lib/format';
import type { AnswerInsightsProps } from '@/question-types/types';
import { useInsights } from '../api/get-insights';

/**
 * The results filter the insights describe, as query parameters (`resultsFilterParams(filter).toString()`); ''
 * (the default) for every response. The results screen provides it around the statistics when it filters them.
 */
export const InsightsFilterContext = createContext('');

const SENTIMENTS = [
  { key: 'positive', bar: 'bg-green-600' },
  { key: 'neutral', bar: 'bg-slate-400' },
  { key: 'negative', bar: 'bg-red-600' },
] as const;

/**
 * What free-text answers say, under a text question (or a question's "Other" texts) on the owner's results
 * screen: their sentiment as a stacked bar with counts, and their themes as chips ("delivery · 12"). Choosing a
 * chip narrows the answers listed below to those that mention it; choosing it again shows them all. Read once the
 * block comes near the screen, so a long survey does not ask for every question's insights at once.
 */
export function TextInsights({
  surveyId,
  questionId,
  selectedTheme,
  onSelectTheme,
  filterParams,
}: AnswerInsightsProps & {
  /** The results filter as query parameters; by default the one of InsightsFilterContext. */
  filterParams?: string;
}) {
  const { t } = useTranslation('results');
  const headingId = useId();
  const contextFilter = useContext(InsightsFilterContext);
  const [near, watch] = useNearScreen();
  const insights = useInsights(surveyId, questionId, { filterParams: filterParams ?? contextFilter, enabled: near });

  return (
    <section
      ref={watch}
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 px-4 py-3"
      data-testid="text-insights"
    >
      <h4 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
        <Sparkles className="size-4 text-accent-600" aria-hidden="true" />
        {t('insights.heading')}
      </h4>
      {insights.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-red-700">{errorMessage(insights.error, t('insights.loadFailed'))}</p>
          <Button variant="secondary" size="sm" loading={insights.isFetching} onClick={() => void insights.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('page.tryAgain')}
          </Button>
        </div>
      ) : insights.data ? (
        <InsightsBody data={insights.data} selectedTheme={selectedTheme} onSelectTheme={onSelectTheme} />
      ) : (
        <div className="space-y-2" aria-busy="true">
          <p className="text-sm text-slate-600">{t('insights.reading')}</p>
          <Skeleton className="h-2.5 rounded-full" />
        </div>
      )}
    </section>
  );
}

function InsightsBody({
  data,
  selectedTheme,
  onSelectTheme,
}: {
  data: InsightsResponse;
  selectedTheme: string | null;
  onSelectTheme: AnswerInsightsProps['onSelectTheme'];
}) {
  const { t } = useTranslation('results');
  // Themes read again (another filter, newer answers) may no longer hold the chosen one: show every answer then.
  const chosenIsGone = selectedTheme !== null && !data.themes.some((theme) => theme.label === selectedTheme);
  useEffect(() => {
    if (chosenIsGone) onSelectTheme(null);
  }, [chosenIsGone, onSelectTheme]);

  if (data.answerCount === 0) return <p className="text-sm text-slate-600">{t('insights.noAnswers')}</p>;
  const { sentiment } = data;
  const total = sentiment.positive + sentiment.neutral + sentiment.negative;
  const share = (count: number) => (total === 0 ? 0 : Math.round((count / total) * 1000) / 10);
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          {SENTIMENTS.map(({ key, bar }) =>
            sentiment[key] > 0 ? (
              <div key={key} className={bar} style={{ width: `${share(sentiment[key])}%` }} />
            ) : null,
          )}
        </div>
        <ul aria-label={t('insights.sentiment')} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {SENTIMENTS.map(({ key, bar }) => (
            <li key={key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('size-2.5 rounded-full', bar)} />
              {t(`insights.${key}`)}
              <span className="font-medium text-slate-900 tabular-nums">{formatCount(sentiment[key])}</span>
              <span className="text-slate-600 tabular-nums">({formatPercentage(share(sentiment[key]))})</span>
            </li>
          ))}
        </ul>
      </div>

      {data.themes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('insights.noThemes')}</p>
      ) : (
        <ul aria-label={t('insights.themes')} className="flex flex-wrap gap-2">
          {data.themes.map((theme) => {
            const pressed = theme.label === selectedTheme;
            return (
              <li key={theme.label}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onSelectTheme(pressed ? null : theme)}
                  className={cn(
                    'inline-flex min-h-8 items-center rounded-full border px-3 py-1 text-sm break-words transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                    pressed
                      ? 'border-accent-600 bg-accent-600 text-white hover:bg-accent-700'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50',
                  )}
                >
                  {theme.label} · {formatCount(theme.count)}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {(data.sample.truncated || data.source === 'ai') && (
        <p className="text-xs text-slate-600">
          {data.sample.truncated && t('insights.sampled', { analysed: data.sample.analysed, total: data.sample.total })}
          {data.sample.truncated && data.source === 'ai' && ' '}
          {data.source === 'ai' && t('insights.aiThemes')}
        </p>
      )}
    </div>
  );
}

/**
 * Whether an element has come near the screen (within a screen's height), watched with an IntersectionObserver;
 * true from the start where the browser has none. Once true, it stays true.
 */
function useNearScreen(): [boolean, (element: HTMLElement | null) => (() => void) | undefined] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const watch = useCallback((element: HTMLElement | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [near, watch];
}
