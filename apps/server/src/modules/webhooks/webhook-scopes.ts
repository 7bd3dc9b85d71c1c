import { PERMISSIONS, can, type WebhookEvent } from '@quorum/contract';
import { ForbiddenError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';

/**
 * What an API key needs beyond the route's own scope to have responses sent somewhere: a webhook is a way to
 * read responses, so a key that may not read them may not point one at them. `response.created` carries the whole
 * response (answers, emails, hidden fields); `response.deleted` carries the response's id, which is only readable
 * with `responses:read` too. `survey.closed` and the test event (a fixed message) carry no response.
 */
const RESPONSE_EVENTS: ReadonlySet<string> = new Set<WebhookEvent>(['response.created', 'response.deleted']);

/** Whether deliveries of `event` carry a survey's responses. */
const carriesResponses = (event: string): boolean => RESPONSE_EVENTS.has(event);

/**
 * 403 API_KEY_SCOPE_MISSING when an API key that may not see a survey's results (`view-results` in the contract's
 * permission map: `responses:read`) asks for something that sends or shows responses. Sessions are not keys: their
 * rights are the survey policy's alone.
 */
export function requireResponsesScope(principal: Principal): void {
  if (principal.apiKey && !can(principal.apiKey, 'view-results')) {
    throw new ForbiddenError('API_KEY_SCOPE_MISSING', { scope: PERMISSIONS['view-results'].apiKey });
  }
}

/** `requireResponsesScope` when any of `events` carries responses. */
export function requireResponseScopeFor(principal: Principal, events: readonly string[]): void {
  if (events.some(carriesResponses)) requireResponsesScope(principal);
}
