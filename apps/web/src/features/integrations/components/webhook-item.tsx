import { useId, useState } from 'react';
import { History, Pencil, Send, Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { Webhook } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useSendTestEvent } from '../api/send-test-event';
import { useUpdateWebhook } from '../api/update-webhook';
import { describeTestResult, webhookEventLabel } from '../lib/describe-delivery';
import { INTEGRATIONS_MESSAGES } from '../lib/messages';
import { DeliveriesDialog } from './deliveries-dialog';
import { WebhookForm } from './webhook-form';

/**
 * One webhook: its URL, its events, whether it is on (and why the server turned it off), and its actions: turn it
 * on or off, send a test event, see its deliveries, edit, delete after a confirmation.
 */
export function WebhookItem({
  surveyId,
  webhook,
  onDone,
  onDeleted,
}: {
  surveyId: string;
  webhook: Webhook;
  /** Says what was done (a toast). */
  onDone: (message: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('integrations');
  const titleId = useId();
  const update = useUpdateWebhook(surveyId);
  const remove = useDeleteWebhook(surveyId);
  const test = useSendTestEvent(surveyId);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [showingDeliveries, setShowingDeliveries] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggling = update.isPending && update.variables?.body.enabled !== undefined;

  const toggle = () => {
    setFailure(null);
    const enabled = !webhook.enabled;
    update.mutate(
      { webhookId: webhook.id, body: { enabled } },
      {
        onSuccess: () => onDone(enabled ? INTEGRATIONS_MESSAGES.enabled : INTEGRATIONS_MESSAGES.disabled),
        onError: (error) => setFailure(errorMessage(error, INTEGRATIONS_MESSAGES.toggleFailed)),
      },
    );
  };

  const sendTest = () => {
    setFailure(null);
    test.mutate(webhook.id, {
      onSuccess: (result) => onDone(describeTestResult(result)),
      onError: (error) => setFailure(errorMessage(error, INTEGRATIONS_MESSAGES.testFailed)),
    });
  };

  const confirmDelete = () => {
    setFailure(null);
    remove.mutate(webhook.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        onDone(INTEGRATIONS_MESSAGES.deleted);
        onDeleted();
      },
      onError: (error) => {
        setConfirmingDelete(false);
        setFailure(errorMessage(error, INTEGRATIONS_MESSAGES.deleteFailed));
      },
    });
  };

  return (
    <li>
      <Card className="space-y-4 p-4 sm:p-5">
        <article aria-labelledby={titleId} className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-2">
              <h3 id={titleId} className="font-mono text-sm font-medium break-all text-slate-900">
                {webhook.url}
              </h3>
              <ul aria-label={t('form.events')} className="flex flex-wrap gap-1.5">
                {webhook.events.map((event) => (
                  <li key={event}>
                    <Badge tone="accent">{webhookEventLabel(event)}</Badge>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-600">{t('item.added', { time: formatDateTime(webhook.createdAt) })}</p>
            </div>
            <Switch checked={webhook.enabled} busy={toggling} onToggle={toggle} />
          </div>

          {!webhook.enabled &&
            (webhook.disabledReason ? (
              <Banner tone="warning" title={t('item.autoDisabledTitle')}>
                {webhook.disabledReason} {t('item.autoDisabledHint')}
              </Banner>
            ) : (
              <p className="text-sm text-slate-600">{t('item.off')}</p>
            ))}
          {failure && <Banner tone="error">{failure}</Banner>}

          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            <Button variant="secondary" size="sm" loading={test.isPending} onClick={sendTest}>
              {!test.isPending && <Send className="size-4" aria-hidden="true" />}
              {test.isPending ? t('item.sendingTest') : t('item.sendTest')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setShowingDeliveries(true)}>
              <History className="size-4" aria-hidden="true" />
              {t('deliveries.title')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('item.edit')}
            </Button>
            <Button variant="danger-secondary" size="sm" onClick={() => setConfirmingDelete(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('item.delete')}
            </Button>
          </div>
        </article>
      </Card>

      <Modal
        open={editing}
        onOpenChange={setEditing}
        title={t('item.editTitle')}
        description={t('item.editDescription')}
      >
        <WebhookForm
          initial={{ url: webhook.url, events: webhook.events }}
          submitLabel={t('item.save')}
          failMessage={INTEGRATIONS_MESSAGES.updateFailed}
          onSubmit={async (body) => {
            await update.mutateAsync({ webhookId: webhook.id, body });
            setEditing(false);
            onDone(INTEGRATIONS_MESSAGES.saved);
          }}
          onCancel={() => setEditing(false)}
        />
      </Modal>

      <DeliveriesDialog
        open={showingDeliveries}
        onOpenChange={setShowingDeliveries}
        surveyId={surveyId}
        webhook={webhook}
        onDone={onDone}
      />

      <ConfirmDialog
        open={confirmingDelete}
        title={t('item.deleteTitle')}
        confirmLabel={t('item.deleteConfirm')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmingDelete(false)}
      >
        <Trans
          t={t}
          i18nKey="item.deleteBody"
          values={{ url: webhook.url }}
          components={{ url: <span className="font-mono break-all" /> }}
        />
      </ConfirmDialog>
    </li>
  );
}

/** On or off, as a switch: the webhook receives events only while it is on. */
function Switch({ checked, busy, onToggle }: { checked: boolean; busy: boolean; onToggle: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={busy}
      onClick={onToggle}
      className="inline-flex shrink-0 items-center gap-2 self-start rounded-control px-1 py-1 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-55"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-10 items-center rounded-full border transition-colors',
          checked ? 'border-accent-600 bg-accent-600' : 'border-slate-400 bg-slate-200',
        )}
      >
        <span
          className={cn(
            'inline-block size-4 rounded-full bg-white shadow-sm transition-transform',
            checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-1 rtl:-translate-x-1',
          )}
        />
      </span>
      {t('item.active')}
    </button>
  );
}
