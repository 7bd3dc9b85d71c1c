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
export type UnsubscribeBody = z.infer<typeof unsubscribeBodySchema>;

/** What was turned off. */
export const unsubscribeResponseSchema = z.object({ surveyTitle: z.string(), notifications: notificationsSchema });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/**
 * The one-click form of unsubscribing (RFC 8058): mail programs POST `List-Unsubscribe=One-Click` as a form to
 * the address of the mail's List-Unsubscribe header, which carries the token in its query string.
 */
export const oneClickUnsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).strict();

/** POST /api/notifications/unsubscribe takes either body: JSON `{ token }`, or the one-click form. */
export const unsubscribeRequestBodySchema = z.union([unsubscribeBodySchema, oneClickUnsubscribeBodySchema], {
  error: 'Send { "token": "…" }, or List-Unsubscribe=One-Click with the token in the address',
});

/** The token in the address, for the one-click form. */
export const unsubscribeQuerySchema = z
  .object({ token: z.string({ error: 'The unsubscribe link is not valid' }).min(1).max(500).optional() })
  .strict();
