import { useCallback, useRef, useState } from 'react';
import { Plus, RefreshCw, Webhook as WebhookIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type CreatedWebhook } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ToastAboveDialogs } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { INTEGRATIONS_MESSAGES } from '../lib/messages';
import { SigningSecret } from './signing-secret';
import { WebhookForm } from './webhook-form';
import { WebhookItem } from './webhook-item';

/**
 * The Integrations tab of a survey, for its owner: the survey's webhooks, adding one (its signing secret shown
 * once), and each webhook's actions. What an action did is confirmed by a toast.
 */
export function IntegrationsPanel({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('integrations');
  const webhooks = useWebhooks(surveyId);
  const [adding, setAdding] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const addButton = useRef<HTMLButtonElement>(null);
  const atLimit = (webhooks.data?.webhooks.length ?? 0) >= WEBHOOK_LIMITS.perSurvey;

  const add = (
    <Button
      ref={addButton}
      disabled={!webhooks.isSuccess || atLimit}
      disabledReason={atLimit ? INTEGRATIONS_MESSAGES.limitReached : null}
      onClick={() => setAdding(true)}
    >
      <Plus className="size-4" aria-hidden="true" />
      {t('panel.add')}
    </Button>
  );

  return (
    <section aria-labelledby="integrations-webhooks" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="integrations-webhooks" className="text-lg font-semibold text-slate-900">
            {t('panel.heading')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm leading-6 text-slate-600">{t('panel.intro')}</p>
        </div>
        {webhooks.isSuccess && webhooks.data.webhooks.length > 0 && <div className="shrink-0">{add}</div>}
      </div>

      {webhooks.isPending ? (
        <div className="space-y-3">
          <Spinner label={t('panel.loading')} className="justify-start p-0" />
          <Skeleton className="h-36 rounded-card" aria-hidden="true" />
        </div>
      ) : webhooks.isError ? (
        <Card className="space-y-3 p-5">
          <Banner tone="error">{errorMessage(webhooks.error, INTEGRATIONS_MESSAGES.loadFailed)}</Banner>
          <Button variant="secondary" loading={webhooks.isFetching} onClick={() => void webhooks.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('panel.tryAgain')}
          </Button>
        </Card>
      ) : webhooks.data.webhooks.length === 0 ? (
        <Card>
          <EmptyState icon={<WebhookIcon aria-hidden="true" />} title={t('panel.emptyTitle')} action={add}>
            {t('panel.emptyBody')}
          </EmptyState>
        </Card>
      ) : (
        <ul aria-label={t('panel.heading')} className="space-y-3">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              surveyId={surveyId}
              webhook={webhook}
              onDone={setToast}
              onDeleted={() => addButton.current?.focus()}
            />
          ))}
        </ul>
      )}

      <AddWebhookDialog open={adding} onOpenChange={setAdding} surveyId={surveyId} />
      <ToastAboveDialogs message={toast} onDismiss={dismissToast} />
    </section>
  );
}

/** "Add webhook": the form, then the new webhook's signing secret, shown this once. */
function AddWebhookDialog({
  open,
  onOpenChange,
  surveyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surveyId: string;
}) {
  const { t } = useTranslation('integrations');
  const create = useCreateWebhook(surveyId);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const close = () => onOpenChange(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        // The secret is forgotten when the dialog closes: it is never shown again.
        if (!next) setCreated(null);
        onOpenChange(next);
      }}
      title={created ? t('add.done') : t('panel.add')}
      description={
        created ? (
          <span className="break-words">
            <Trans
              t={t}
              i18nKey="add.eventsGoTo"
              values={{ url: created.url }}
              components={{ url: <span className="font-mono" /> }}
            />
          </span>
        ) : (
          t('add.description')
        )
      }
    >
      {created ? (
        <div className="space-y-5">
          <SigningSecret secret={created.secret} />
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <Button
              onClick={() => {
                setCreated(null);
                close();
              }}
            >
              {t('add.close')}
            </Button>
          </div>
        </div>
      ) : (
        <WebhookForm
          submitLabel={t('panel.add')}
          failMessage={INTEGRATIONS_MESSAGES.createFailed}
          onSubmit={async (body) => setCreated(await create.mutateAsync(body))}
          onCancel={close}
        />
      )}
    </Modal>
  );
}
