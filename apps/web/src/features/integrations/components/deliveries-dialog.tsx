import { useState } from 'react';
import { ChevronDown, History, RefreshCw, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Delivery, DeliveryAttempt, Webhook } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Modal } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeliveries } from '../api/get-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import {
  attemptOutcome,
  deliveryStatusLabel,
  eventLabel,
  DELIVERY_STATUS_TONES,
  formatDurationMs,
  isSuccess,
} from '../lib/describe-delivery';
import { INTEGRATIONS_MESSAGES } from '../lib/messages';

/**
 * A webhook's recent deliveries, newest first, each with its attempts (time, how it ended, how long it took, the
 * start of the receiver's answer) and "Resend" once it is no longer pending. Read again every few seconds while a
 * delivery is pending.
 */
export function DeliveriesDialog({
  open,
  onOpenChange,
  surveyId,
  webhook,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surveyId: string;
  webhook: Webhook;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('integrations');
  const deliveries = useDeliveries(surveyId, webhook.id, { enabled: open });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('deliveries.title')}
      description={<span className="font-mono text-xs break-all">{webhook.url}</span>}
      widthClass="w-[min(48rem,calc(100vw-2rem))]"
    >
      {deliveries.isPending ? (
        <Spinner label={t('deliveries.loading')} className="justify-start p-0" />
      ) : deliveries.isError ? (
        <div className="space-y-3">
          <Banner tone="error">{errorMessage(deliveries.error, INTEGRATIONS_MESSAGES.deliveriesFailed)}</Banner>
          <Button
            variant="secondary"
            size="sm"
            loading={deliveries.isFetching}
            onClick={() => void deliveries.refetch()}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('panel.tryAgain')}
          </Button>
        </div>
      ) : deliveries.data.deliveries.length === 0 ? (
        <EmptyState icon={<History aria-hidden="true" />} title={t('deliveries.emptyTitle')} className="py-6">
          {t('deliveries.emptyBody')}
        </EmptyState>
      ) : (
        <DeliveryList surveyId={surveyId} webhookId={webhook.id} items={deliveries.data.deliveries} onDone={onDone} />
      )}
    </Modal>
  );
}

function DeliveryList({
  surveyId,
  webhookId,
  items,
  onDone,
}: {
  surveyId: string;
  webhookId: string;
  items: Delivery[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('integrations');
  const resend = useResendDelivery(surveyId, webhookId);
  return (
    <ul aria-label={t('deliveries.list')} className="divide-y divide-slate-200 border-y border-slate-200">
      {items.map((delivery) => (
        <DeliveryItem
          key={delivery.id}
          delivery={delivery}
          resending={resend.isPending && resend.variables === delivery.id}
          resendError={
            resend.isError && resend.variables === delivery.id
              ? errorMessage(resend.error, INTEGRATIONS_MESSAGES.resendFailed)
              : null
          }
          onResend={() => {
            resend.reset();
            resend.mutate(delivery.id, { onSuccess: () => onDone(INTEGRATIONS_MESSAGES.resent) });
          }}
        />
      ))}
    </ul>
  );
}

function DeliveryItem({
  delivery,
  resending,
  resendError,
  onResend,
}: {
  delivery: Delivery;
  resending: boolean;
  resendError: string | null;
  onResend: () => void;
}) {
  const { t } = useTranslation('integrations');
  const [open, setOpen] = useState(false);
  const pending = delivery.status === 'pending';
  const count = delivery.attempts.length;
  const label = eventLabel(delivery.event);
  return (
    <li className="space-y-2 py-3" aria-label={`${delivery.event}, ${deliveryStatusLabel(delivery.status)}`}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="text-sm text-slate-900">
            {label && <span className="block font-medium">{label}</span>}
            <span className="block font-mono text-xs break-all text-slate-600">{delivery.event}</span>
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={DELIVERY_STATUS_TONES[delivery.status]}>{deliveryStatusLabel(delivery.status)}</Badge>
            <span className="text-sm text-slate-600">
              <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
            </span>
          </div>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          loading={resending}
          disabled={pending || resending}
          disabledReason={pending ? INTEGRATIONS_MESSAGES.pending : null}
          onClick={onResend}
        >
          <RotateCw className="size-4" aria-hidden="true" />
          {t('deliveries.resend')}
        </Button>
      </div>
      {pending && delivery.nextAttemptAt && (
        <p className="text-xs text-slate-600">
          {count > 0
            ? t('deliveries.nextTryAttempt', { time: formatDateTime(delivery.nextAttemptAt), attempt: count + 1 })
            : t('deliveries.nextTry', { time: formatDateTime(delivery.nextAttemptAt) })}
        </p>
      )}
      {resendError && <Banner tone="error">{resendError}</Banner>}
      {count === 0 ? (
        <p className="text-sm text-slate-600">{t('deliveries.notTried')}</p>
      ) : (
        <Collapsible open={open} onOpenChange={setOpen}>
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" className="-ms-3">
              <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
              {open ? t('deliveries.hideAttempts') : t('deliveries.showAttempts', { count })}
            </Button>
          </CollapsibleTrigger>
          <CollapsibleContent>
            <ol aria-label={t('deliveries.attempts')} className="mt-1 space-y-2">
              {delivery.attempts.map((attempt, index) => (
                <AttemptItem key={`${attempt.attemptedAt}-${index}`} attempt={attempt} number={index + 1} />
              ))}
            </ol>
          </CollapsibleContent>
        </Collapsible>
      )}
    </li>
  );
}

function AttemptItem({ attempt, number }: { attempt: DeliveryAttempt; number: number }) {
  const { t } = useTranslation('integrations');
  const ok = isSuccess(attempt);
  return (
    <li className="space-y-1.5 rounded-control border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{t('deliveries.attempt', { number })}</span>
        <Badge tone={ok ? 'success' : 'danger'}>{attemptOutcome(attempt)}</Badge>
        <span className="text-slate-600">
          <time dateTime={attempt.attemptedAt}>{formatDateTime(attempt.attemptedAt)}</time>
          {' · '}
          {formatDurationMs(attempt.durationMs)}
        </span>
      </div>
      {attempt.statusCode !== null && attempt.error && <p className="text-slate-700">{attempt.error}</p>}
      {attempt.responseSnippet && (
        <pre className="rounded-md border border-slate-200 bg-white px-2 py-1.5 font-mono text-xs break-all whitespace-pre-wrap text-slate-800">
          {attempt.responseSnippet}
        </pre>
      )}
    </li>
  );
}
