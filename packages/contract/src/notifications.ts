import { z } from 'zod';

// ---------------------------------------------------------------------------
// Email notifications: a survey's `notifications` setting, and unsubscribing from a mail's link
// ---------------------------------------------------------------------------

/** "Email me about new responses": never, one mail per response, or a daily digest. */
export const NOTIFY_ON_RESPONSE = ['off', 'each', 'daily'] as const;
export type NotifyOnResponse = (typeof NOTIFY_ON_RESPONSE)[number];

export const NOTIFY_ON_RESPONSE_LABELS: Readonly<Record<NotifyOnResponse, string>> = {
  off: 'Off',
  each: 'For each response',
  daily: 'Daily digest',
};

export const notificationsSchema = z.object({ onResponse: z.enum(NOTIFY_ON_RESPONSE) });
export type Notifications = z.infer<typeof notificationsSchema>;

export const DEFAULT_NOTIFICATIONS: Notifications = { onResponse: 'off' };

/** As an author sends it with the survey: left out, notifications are off. */
export const notificationsInputSchema = z
  .object(
    {
      onResponse: z.enum(NOTIFY_ON_RESPONSE, {
        error: `notifications.onResponse is one of ${NOTIFY_ON_RESPONSE.join(', ')}`,
      }),
    },
    { error: 'notifications must be an object such as { "onResponse": "off" }' },
  )
  .strict()
  .optional()
  .transform((value): Notifications => value ?? DEFAULT_NOTIFICATIONS);

/** POST /api/notifications/unsubscribe: the token of a notification mail's link; no sign-in needed. */
export const unsubscribeBodySchema = z
  .object({ token: z.string({ error: 'The unsubscribe link is not valid' }).min(1).max(500) })
  .strict();

/** What was turned off. */
export const unsubscribeResponseSchema = z.object({ surveyTitle: z.string(), notifications: notificationsSchema });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
