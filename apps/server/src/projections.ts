import type { Db } from './db/database';
import type { ResponseProjection } from './lib/response-projection';
import { recordResponses as recordWith, type NewResponse } from './modules/responses';
import { talliesProjection } from './modules/tallies';
import { funnelProjection } from './modules/visits';
import type { Question } from '@quorum/contract';

/**
 * What the response write keeps in step with the responses, in the order it runs them: the funnel first (its
 * `prepare` ends the visits the responses name, and tells each response's row its visit and time), then the tallies
 * the results read. Later projections (quotas, the analysis index) are one more entry here.
 */
export const RESPONSE_PROJECTIONS: readonly ResponseProjection[] = [funnelProjection, talliesProjection];

/** Records accepted responses of one survey in one transaction, with every projection (the batch write path). */
export function recordResponses(db: Db, surveyId: string, questions: Question[], items: NewResponse[]): Promise<void> {
  return recordWith(db, RESPONSE_PROJECTIONS, surveyId, questions, items);
}
