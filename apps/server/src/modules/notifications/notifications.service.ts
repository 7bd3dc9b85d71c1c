import type { UnsubscribeResponse } from '@quorum/contract';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { setNotifyOnResponse } from './notifications.repository';
import { createUnsubscribeTokens } from './unsubscribe-token';

type NotificationsDeps = Pick<AppContext, 'db' | 'config' | 'audit'>;

/** Unsubscribing from a notification mail's link: no sign-in, the signed token names the survey. */
export function createNotificationsService(deps: NotificationsDeps) {
  const tokens = createUnsubscribeTokens(deps.config.jwtSecret);
  return {
    /**
     * Turns "Email me about new responses" off for the survey the token names and records it. A damaged or
     * forged token, and a survey that is gone, are the same refusal. Doing it twice answers the same.
     */
    async unsubscribe(token: string | undefined, address: string): Promise<UnsubscribeResponse> {
      const surveyId = token === undefined ? undefined : tokens.read(token);
      const survey = surveyId === undefined ? undefined : await setNotifyOnResponse(deps.db.kysely, surveyId, 'off');
      if (surveyId === undefined || !survey) throw new BadRequestError('UNSUBSCRIBE_LINK_INVALID');
      await deps.audit.record({
        type: 'notifications.unsubscribed',
        actor: null,
        address,
        target: { type: 'survey', id: surveyId },
        details: { ownerId: survey.userId },
      });
      return { surveyTitle: survey.title, notifications: { onResponse: 'off' } };
    },
  };
}
