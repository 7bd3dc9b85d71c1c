import { Trans, useTranslation } from 'react-i18next';
import { apiKeyScopeKey } from '@/i18n/app-contract-texts';
import { translateValidationMessage } from '@/i18n/validation-messages';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPES,
  createApiKeyBodySchema,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@quorum/contract';
import { CopyLink } from '@/components/copy-link';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { API_KEY_MESSAGES } from '../lib/messages';

type CreateValues = CreateApiKeyBody;

const EMPTY: CreateValues = { name: '', scopes: ['surveys:read', 'responses:read'], password: '' };

/**
 * The "API keys" tab of a user's profile: make a key (a name, its scopes and the account's password, which may be
 * left empty shortly after signing in, as an account made by single sign-on must; the key shows this once, in a field
 * to copy), the keys made so far (name, first characters, scopes, when made and last used), and revoking one
 * after a confirmation.
 */
export function ApiKeysSection() {
  const { t } = useTranslation('profile');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="space-y-6 pt-4">
      <p className="text-sm text-slate-700">
        <Trans t={t} i18nKey="apiKeys.intro" components={{ code: <code /> }} />
      </p>
      {notice && (
        <Banner tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      {created ? (
        <NewKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateKeyForm
          onCreated={(key) => {
            setNotice(null);
            setCreated(key);
          }}
        />
      )}
      <KeyList onRevoked={(name) => setNotice(API_KEY_MESSAGES.revoked(name))} />
    </div>
  );
}

/** The key just made, shown this once. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="space-y-4">
      <Banner tone="warning" title={t('apiKeys.created', { name: created.name })}>
        {API_KEY_MESSAGES.shownOnce}
      </Banner>
      <CopyLink url={created.key} canCopy label={t('apiKeys.newKeyLabel')} noun="key" />
      <Button onClick={onDone}>{t('apiKeys.copiedIt')}</Button>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation('profile');
  const create = useCreateApiKey();
  const form = useZodForm<CreateValues>(createApiKeyBodySchema, { defaultValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const scopesId = useId();

  const onSubmit = async (values: CreateValues) => {
    setFailure(null);
    try {
      const key = await create.mutateAsync({
        name: values.name,
        scopes: values.scopes,
        ...(values.password ? { password: values.password } : {}),
      });
      form.reset(EMPTY);
      onCreated(key);
    } catch (error) {
      setFailure(errorMessage(error, API_KEY_MESSAGES.createFailed));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('apiKeys.createTitle')} className="space-y-4">
      <h2 className="text-base font-semibold text-slate-900">{t('apiKeys.createTitle')}</h2>
      {failure && <Banner tone="error">{failure}</Banner>}
      <FormTextField<CreateValues>
        name="name"
        label={t('details.name')}
        hint={t('apiKeys.nameHint')}
        required
        maxLength={100}
        disabled={create.isPending}
      />
      <Controller
        control={form.control}
        name="scopes"
        render={({ field, fieldState }) => (
          <fieldset aria-describedby={fieldState.error ? `${scopesId}-error` : undefined} className="space-y-3">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('apiKeys.scopes')}</legend>
            {API_KEY_SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                name="scopes"
                label={t(`contract:apiKeyScopes.${apiKeyScopeKey(scope)}`)}
                hint={scope}
                checked={field.value.includes(scope)}
                disabled={create.isPending}
                onChange={(checked) => {
                  const next: ApiKeyScope[] = API_KEY_SCOPES.filter((s) =>
                    s === scope ? checked : field.value.includes(s),
                  );
                  field.onChange(next);
                  if (fieldState.error) form.clearErrors('scopes');
                }}
              />
            ))}
            {fieldState.error && (
              <p id={`${scopesId}-error`} className="text-sm text-red-700">
                {fieldState.error.message && translateValidationMessage(fieldState.error.message)}
              </p>
            )}
          </fieldset>
        )}
      />
      <FormTextField<CreateValues>
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('apiKeys.password')}
        hint={t('apiKeys.passwordHint', { minutes: API_KEY_LIMITS.freshSignInMinutes })}
        maxLength={256}
        disabled={create.isPending}
      />
      <Button type="submit" loading={create.isPending}>
        {create.isPending ? t('apiKeys.creating') : t('apiKeys.create')}
      </Button>
    </Form>
  );
}

function KeyList({ onRevoked }: { onRevoked: (name: string) => void }) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmRevoke = () => {
    if (!confirming) return;
    const { id, name } = confirming;
    setFailure(null);
    revoke.mutate(id, {
      onSuccess: () => onRevoked(name),
      onError: (error) => setFailure(errorMessage(error, API_KEY_MESSAGES.revokeFailed)),
      onSettled: () => setConfirming(null),
    });
  };

  let body;
  if (keys.isPending) {
    body = <Spinner label={t('apiKeys.loading')} className="justify-start p-0" />;
  } else if (keys.isError) {
    body = (
      <Banner tone="error">
        <p>{errorMessage(keys.error, API_KEY_MESSAGES.loadFailed)}</p>
        <button
          type="button"
          className="mt-1 font-medium underline underline-offset-2"
          onClick={() => void keys.refetch()}
        >
          {t('apiKeys.tryAgain')}
        </button>
      </Banner>
    );
  } else if (keys.data.apiKeys.length === 0) {
    body = (
      <EmptyState icon={<KeyRound />} title={t('apiKeys.emptyTitle')} className="py-6">
        {t('apiKeys.emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-control border border-slate-200">
        {keys.data.apiKeys.map((key) => (
          <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1.5">
              <p className="font-medium break-words text-slate-900">{key.name}</p>
              <p className="font-mono text-xs text-slate-600">{key.prefix}…</p>
              <ul aria-label={t('apiKeys.scopes')} className="flex flex-wrap gap-1.5">
                {key.scopes.map((scope) => (
                  <li key={scope}>
                    <Badge>{scope}</Badge>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-600">
                {t('apiKeys.createdAt', { date: formatDateTime(key.createdAt) })} ·{' '}
                {key.lastUsedAt
                  ? t('apiKeys.lastUsed', { date: formatDateTime(key.lastUsedAt) })
                  : t('apiKeys.neverUsed')}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 self-start"
              aria-label={t('apiKeys.revokeNamed', { name: key.name })}
              onClick={() => setConfirming(key)}
            >
              {t('apiKeys.revoke')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('apiKeys.yourKeys')}
      </h2>
      {failure && <Banner tone="error">{failure}</Banner>}
      {body}
      <ConfirmDialog
        open={confirming !== null}
        title={t('apiKeys.confirmTitle', { name: confirming?.name ?? '' })}
        confirmLabel={t('apiKeys.confirmLabel')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setConfirming(null)}
      >
        {t('apiKeys.confirmText')}
      </ConfirmDialog>
    </section>
  );
}
