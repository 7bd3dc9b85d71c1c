import { errorBodySchema } from '@quorum/contract';

/** The error answers a route declares (`schema.response`): the one error body for each status named. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
