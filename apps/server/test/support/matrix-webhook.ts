import type { AppContext } from '../../src/context';
import { newId } from '../../src/lib/ids';
import { createSecretBox } from '../../src/modules/two-factor/secret-box';
import { deliveryRow } from '../../src/modules/webhooks/webhook-outbox';
import { webhookSecretContext } from '../../src/modules/webhooks/webhooks.service';
import { insertDeliveries, insertWebhook, moveWebhookCount } from '../../src/modules/webhooks/webhooks.repository';

/**
 * A webhook of the survey, stored as the API would store it, to a documentation address that deliveries may
 * never reach (so a test event fails at once, without a network), with one delivery that failed.
 */
export async function matrixWebhook(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  surveyId: string,
): Promise<{ webhookId: string; deliveryId: string }> {
  const now = ctx.clock.now().toISOString();
  const webhookId = newId();
  const delivery = deliveryRow(
    webhookId,
    surveyId,
    {
      event: 'survey.closed',
      createdAt: now,
      survey: { id: surveyId, title: 'Matrix survey' },
      data: { reason: 'manual' },
    },
    now,
  );
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await insertWebhook(trx, {
      id: webhookId,
      survey_id: surveyId,
      url: 'http://192.0.2.10/hooks',
      events: JSON.stringify(['survey.closed']),
      secret_box: createSecretBox(ctx.config.jwtSecret).seal('whsec_matrix', webhookSecretContext(webhookId)),
      enabled: 1,
      disabled_reason: null,
      failure_streak: 0,
      created_at: now,
      updated_at: now,
    });
    await moveWebhookCount(trx, surveyId, 1);
    await insertDeliveries(trx, [{ ...delivery, status: 'failed', next_attempt_at: null, completed_at: now }]);
  });
  return { webhookId, deliveryId: delivery.id };
}
