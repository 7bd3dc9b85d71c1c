import { useTranslation } from 'react-i18next';
import type { SurveySummary } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import type { DashboardList } from '../hooks/use-dashboard-list';
import type { ListToggles } from '../hooks/use-list-toggles';
import type { SurveyActions } from '../hooks/use-survey-actions';
import { SurveyCard } from './survey-card';
import { SurveySection } from './survey-section';

/** One survey's card, wired to the page's toggles and actions. */
function ListedSurveyCard({
  survey,
  toggles,
  actions,
  atLimit,
}: {
  survey: SurveySummary;
  toggles: ListToggles;
  actions: SurveyActions;
  atLimit: boolean;
}) {
  const { pending, duplicatingId } = actions;
  return (
    <SurveyCard
      survey={survey}
      expanded={toggles.isCardExpanded(survey.surveyId)}
      onToggle={() => toggles.toggleCard(survey.surveyId)}
      atActiveLimit={atLimit}
      pendingAction={pending?.surveyId === survey.surveyId ? pending.label : null}
      onAction={(action) => actions.onAction(survey, action)}
      highlighted={actions.copy?.surveyId === survey.surveyId}
      duplicating={duplicatingId === null ? null : duplicatingId === survey.surveyId ? 'this' : 'other'}
      onDuplicate={() => actions.onDuplicate(survey)}
      onShare={() => actions.share(survey)}
    />
  );
}

/**
 * The surveys loaded so far, in their sections, with how many of how many are shown and "Show more" while the
 * server has more. Busy while another search or sort, or the next page, loads.
 */
export function SurveyList({
  list,
  toggles,
  actions,
  atLimit,
}: {
  list: DashboardList;
  toggles: ListToggles;
  actions: SurveyActions;
  atLimit: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const { query } = list;
  return (
    <div className="space-y-8" aria-busy={query.isPlaceholderData || query.isFetchingNextPage}>
      <p role="status" className="text-sm text-slate-600">
        {t('page.showing', { shown: list.surveys.length, total: list.total })}
      </p>
      {list.sections.map((section) => (
        <SurveySection
          key={section.id}
          label={section.label}
          count={section.surveys.length}
          open={toggles.isSectionOpen(section.id)}
          onToggle={() => toggles.toggleSection(section.id)}
        >
          {section.surveys.map((survey) => (
            <ListedSurveyCard
              key={survey.surveyId}
              survey={survey}
              toggles={toggles}
              actions={actions}
              atLimit={atLimit}
            />
          ))}
        </SurveySection>
      ))}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('page.showMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
