import { useId, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import {
  createWebhookBodySchema,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type CreateWebhookBody,
  type WebhookEvent,
} from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { translateValidationMessage } from '@/i18n/validation-messages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { webhookEventLabel } from '../lib/describe-delivery';

export interface WebhookValues {
  url: string;
  events: WebhookEvent[];
}

/**
 * A webhook's URL and events, checked by the contract's schema when submitted. A URL the server refuses (a
 * private or unreachable address) shows its message on the URL field; any other refusal shows above the buttons.
 */
export function WebhookForm({
  initial = { url: '', events: ['response.created'] },
  submitLabel,
  failMessage,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookValues;
  submitLabel: string;
  /** The message when the server gives none. */
  failMessage: string;
  /** Sends the values; a rejection is shown on the form. */
  onSubmit: (body: CreateWebhookBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('integrations');
  const form = useZodForm<WebhookValues>(createWebhookBodySchema, { defaultValues: initial });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const eventsError = form.formState.errors.events?.message ?? form.formState.errors.events?.root?.message;
  const legendId = useId();
  const eventsErrorId = useId();

  const submit = async (values: WebhookValues) => {
    setFailure(null);
    try {
      await onSubmit({ url: values.url.trim(), events: values.events });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'WEBHOOK_URL_NOT_ALLOWED') {
        form.setError('url', { message: error.message }, { shouldFocus: true });
      } else {
        setFailure(errorMessage(error, failMessage));
      }
    }
  };

  return (
    <Form form={form} onSubmit={submit} noValidate aria-label={t('form.label')} className="space-y-5">
      <FormTextField<WebhookValues>
        label={t('form.url')}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/quorum-webhook"
        hint={t('form.urlHint')}
        required
        maxLength={WEBHOOK_LIMITS.url}
        disabled={busy}
      />
      <fieldset
        className="space-y-3"
        aria-labelledby={legendId}
        aria-describedby={eventsError ? eventsErrorId : undefined}
      >
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {t('form.events')}
          <span className="ms-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-3">
            <input
              type="checkbox"
              value={event}
              disabled={busy}
              aria-invalid={eventsError ? true : undefined}
              {...form.register('events', { onChange: () => form.clearErrors('events') })}
              className="mt-0.5 size-4 shrink-0 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-800">{webhookEventLabel(event)}</span>
              <span className="block font-mono text-xs text-slate-600">{event}</span>
            </span>
          </label>
        ))}
        {eventsError && (
          <p id={eventsErrorId} className="flex items-start gap-1.5 text-sm text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{translateValidationMessage(eventsError)}</span>
          </p>
        )}
      </fieldset>
      {failure && <Banner tone="error">{failure}</Banner>}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
