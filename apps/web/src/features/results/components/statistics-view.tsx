import { RESULTS_FILTER_LIMITS, resultsFilterParams, type ResultsFilter, type ResultsResponse } from '@quorum/contract';
import { questionLabel } from '@/lib/question-label';
import { FunnelChart } from '@/components/charts/funnel-chart';
import { TimelineChart } from '@/components/charts/timeline-chart';
import { PrintButton } from '@/components/print/print-button';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { languageFilterOf, withLanguageFilter, type FilterState } from '../lib/results-filter';
import { LanguagesCard } from './languages-card';
import { QuestionResultCard } from './question-result-card';
import { InsightsFilterContext } from './text-insights';

/**
 * Statistics View: responses over time, the funnel, the responses per language (a survey in several languages),
 * then one card per question, all of the filtered responses (the funnel counts every visit). "Print / Save as PDF"
 * prints them one block each.
 */
export function StatisticsView({
  surveyId,
  data,
  filter,
  filtered,
  filterState,
  onFilterChange,
}: {
  surveyId: string;
  data: ResultsResponse;
  filter: ResultsFilter;
  filtered: boolean;
  /** The filter as the screen keeps it, and its change: the languages card narrows it to one language. */
  filterState: FilterState;
  onFilterChange: (next: FilterState) => void;
}) {
  const { t } = useTranslation('results');
  const funnelQuestions = data.questions
    .map((q, index) => ({ id: q.id, label: questionLabel(index + 1, q.text), isDeleted: q.isDeleted }))
    .filter((q) => !q.isDeleted);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('statistics.heading')}</h2>
        <PrintButton />
      </div>
      <Card className="print-block px-5 py-5 sm:px-6">
        <TimelineChart timeline={data.timeline} timeZone={data.timeZone} />
      </Card>
      <Card className="print-block px-5 py-5 sm:px-6">
        <FunnelChart funnel={data.funnel} questions={funnelQuestions} />
        {filtered && <p className="mt-3 text-xs text-slate-600">{t('statistics.funnelUnfiltered')}</p>}
      </Card>
      <LanguagesCard
        languages={data.languages}
        matching={data.matchingResponses}
        shown={languageFilterOf(filterState)}
        canAddCondition={filterState.conditions.length < RESULTS_FILTER_LIMITS.filters}
        onShow={(language) => onFilterChange(withLanguageFilter(filterState, language))}
      />
      <InsightsFilterContext value={resultsFilterParams(filter).toString()}>
        {data.questions.map((q, index) => (
          <QuestionResultCard key={q.id} surveyId={surveyId} question={q} number={index + 1} filter={filter} />
        ))}
      </InsightsFilterContext>
    </div>
  );
}
