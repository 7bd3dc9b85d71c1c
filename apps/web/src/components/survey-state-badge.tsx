import type { SurveyState } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { Badge } from './ui/badge';

const STATES: readonly SurveyState[] = ['draft', 'active', 'paused', 'closed', 'deleted'];

/**
 * How each survey state is named and coloured, the same on the user's dashboard and in the admin list. The names
 * are read in the interface's language when used.
 */
export const STATE_LABELS = Object.defineProperties(
  {},
  Object.fromEntries(
    STATES.map((state) => [state, { enumerable: true, get: () => i18n.t(`common:surveyState.${state}`) }]),
  ),
) as Readonly<Record<SurveyState, string>>;

const STATE_TONES = {
  draft: 'neutral',
  active: 'success',
  paused: 'warning',
  closed: 'accent',
  deleted: 'danger',
} as const satisfies Record<SurveyState, Parameters<typeof Badge>[0]['tone']>;

export function SurveyStateBadge({ state }: { state: SurveyState }) {
  return <Badge tone={STATE_TONES[state]}>{STATE_LABELS[state]}</Badge>;
}
