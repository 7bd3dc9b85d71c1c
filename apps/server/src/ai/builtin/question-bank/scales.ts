import type { RatingScale } from '@quorum/contract';

/** For a likelihood that is not a recommendation (to try, to come back): 1 to 10, labelled at the ends. */
export const LIKELIHOOD_SCALE: RatingScale = {
  min: 1,
  max: 10,
  labels: { '1': 'Not at all likely', '10': 'Extremely likely' },
};

/** For aspects rated by importance (market research). */
export const IMPORTANCE_SCALE: RatingScale = {
  min: 1,
  max: 5,
  labels: {
    '1': 'Not at all important',
    '2': 'Slightly important',
    '3': 'Moderately important',
    '4': 'Very important',
    '5': 'Extremely important',
  },
};
