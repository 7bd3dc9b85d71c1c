import type { SurveyState } from '@quorum/contract';
import { Badge } from './ui/badge';

/** How each survey state is named and coloured, the same on the user's dashboard and in the admin list. */
export const STATE_LABELS: Record<SurveyState, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
  deleted: 'Deleted',
};

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
