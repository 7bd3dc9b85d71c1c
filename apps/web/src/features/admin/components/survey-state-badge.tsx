import type { SurveyState } from '@quorum/contract';
import { Badge } from '../../../components/ui/badge';

const tones = {
  draft: 'neutral',
  active: 'success',
  paused: 'warning',
  closed: 'accent',
  deleted: 'danger',
} as const satisfies Record<SurveyState, Parameters<typeof Badge>[0]['tone']>;

export const STATE_LABELS: Record<SurveyState, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
  deleted: 'Deleted',
};

export function SurveyStateBadge({ state }: { state: SurveyState }) {
  return <Badge tone={tones[state]}>{STATE_LABELS[state]}</Badge>;
}
