import { i18n } from '@/i18n/i18n';
import { OWNER_TRANSITIONS, MAX_ACTIVE_SURVEYS, type SurveyState, type SurveySummary } from '@quorum/contract';

export type SectionId = 'active' | 'draft' | 'paused' | 'other';

export interface DashboardSection {
  id: SectionId;
  label: string;
  surveys: SurveySummary[];
}

const SECTION_IDS: readonly SectionId[] = ['active', 'draft', 'paused', 'other'];

function sectionOf(state: SurveyState): SectionId | null {
  if (state === 'deleted') return null;
  if (state === 'active' || state === 'draft' || state === 'paused') return state;
  return 'other';
}

/**
 * The dashboard's sections: Active, Draft, Paused and Other (hidden when empty); deleted surveys appear in no
 * section. The order inside a section is the server's (the sort chosen on the dashboard).
 */
export function groupSurveys(surveys: readonly SurveySummary[]): DashboardSection[] {
  const groups: Record<SectionId, SurveySummary[]> = { active: [], draft: [], paused: [], other: [] };
  for (const survey of surveys) {
    const section = sectionOf(survey.state);
    if (section) groups[section].push(survey);
  }
  return SECTION_IDS.filter((id) => id !== 'other' || groups.other.length > 0).map((id) => ({
    id,
    label: i18n.t(`dashboard:sections.${id}`),
    surveys: groups[id],
  }));
}

/** Whether the caller may launch no more: the limit counts the active surveys they launched, in every workspace. */
export function isAtActiveLimit(activeCount: number, limit: number = MAX_ACTIVE_SURVEYS): boolean {
  return activeCount >= limit;
}

export type StateActionLabel = 'Launch' | 'Resume' | 'Pause' | 'Close' | 'Delete';

/** The state actions' button texts, keys of the `dashboard` catalog. */
export const STATE_ACTION_KEYS: Readonly<Record<StateActionLabel, string>> = {
  Launch: 'surveyCard.actions.launch',
  Resume: 'surveyCard.actions.resume',
  Pause: 'surveyCard.actions.pause',
  Close: 'surveyCard.actions.close',
  Delete: 'surveyCard.actions.delete',
};

export interface StateAction {
  label: StateActionLabel;
  target: SurveyState;
  /** Launch and Resume make a survey active and count against the limit. */
  activates: boolean;
}

function labelFor(from: SurveyState, to: SurveyState): StateActionLabel | null {
  switch (to) {
    case 'active':
      return from === 'draft' ? 'Launch' : 'Resume';
    case 'paused':
      return 'Pause';
    case 'closed':
      return 'Close';
    case 'deleted':
      return 'Delete';
    default:
      return null;
  }
}

/** The buttons for the state changes an owner may make from a state, in the order of OWNER_TRANSITIONS. */
export function stateActions(state: SurveyState): StateAction[] {
  return OWNER_TRANSITIONS[state].flatMap((target) => {
    const label = labelFor(state, target);
    return label ? [{ label, target, activates: target === 'active' }] : [];
  });
}
