import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import {
  API_KEY_SCOPES,
  API_KEY_SCOPE_LABELS,
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

const EMPTY: CreateValues = { name: '', scopes: ['surveys:read', 'responses:read'] };

/**
 * The "API keys" tab of a user's profile: make a key (a name and its scopes; the key shows this once, in a field
 * to copy), the keys made so far (name, first characters, scopes, when made and last used), and revoking one
 * after a confirmation.
 */
export function ApiKeysSection() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="space-y-6 pt-4">
      <p className="text-sm text-slate-700">
        Programs can use the Quorum API as you, with a key sent as <code>Authorization: Bearer qrm_…</code>. A key can
        do only what its scopes allow, and never manage keys, your password or your account.
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
  return (
    <div className="space-y-4">
      <Banner tone="warning" title={`Key "${created.name}" created`}>
        {API_KEY_MESSAGES.shownOnce}
      </Banner>
      <CopyLink url={created.key} canCopy label="Your new API key" noun="key" />
      <Button onClick={onDone}>I have copied the key</Button>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useZodForm<CreateValues>(createApiKeyBodySchema, { defaultValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const scopesId = useId();

  const onSubmit = async (values: CreateValues) => {
    setFailure(null);
    try {
      const key = await create.mutateAsync({ name: values.name, scopes: values.scopes });
      form.reset(EMPTY);
      onCreated(key);
    } catch (error) {
      setFailure(errorMessage(error, API_KEY_MESSAGES.createFailed));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Create an API key" className="space-y-4">
      <h2 className="text-base font-semibold text-slate-900">Create an API key</h2>
      {failure && <Banner tone="error">{failure}</Banner>}
      <FormTextField<CreateValues>
        name="name"
        label="Name"
        hint="What the key is for, such as the program that uses it."
        required
        maxLength={100}
        disabled={create.isPending}
      />
      <Controller
        control={form.control}
        name="scopes"
        render={({ field, fieldState }) => (
          <fieldset aria-describedby={fieldState.error ? `${scopesId}-error` : undefined} className="space-y-3">
            <legend className="mb-2 text-sm font-medium text-slate-800">Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                name="scopes"
                label={API_KEY_SCOPE_LABELS[scope]}
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
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        )}
      />
      <Button type="submit" loading={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create key'}
      </Button>
    </Form>
  );
}

function KeyList({ onRevoked }: { onRevoked: (name: string) => void }) {
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
    body = <Spinner label="Loading API keys..." className="justify-start p-0" />;
  } else if (keys.isError) {
    body = (
      <Banner tone="error">
        <p>{errorMessage(keys.error, API_KEY_MESSAGES.loadFailed)}</p>
        <button
          type="button"
          className="mt-1 font-medium underline underline-offset-2"
          onClick={() => void keys.refetch()}
        >
          Try again
        </button>
      </Banner>
    );
  } else if (keys.data.apiKeys.length === 0) {
    body = (
      <EmptyState icon={<KeyRound />} title="No API keys yet" className="py-6">
        Keys you create show here.
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
              <ul aria-label="Scopes" className="flex flex-wrap gap-1.5">
                {key.scopes.map((scope) => (
                  <li key={scope}>
                    <Badge>{scope}</Badge>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-600">
                Created {formatDateTime(key.createdAt)} ·{' '}
                {key.lastUsedAt ? `Last used ${formatDateTime(key.lastUsedAt)}` : 'Never used'}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 self-start"
              aria-label={`Revoke ${key.name}`}
              onClick={() => setConfirming(key)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Your API keys
      </h2>
      {failure && <Banner tone="error">{failure}</Banner>}
      {body}
      <ConfirmDialog
        open={confirming !== null}
        title={`Revoke "${confirming?.name ?? ''}"?`}
        confirmLabel="Revoke key"
        tone="danger"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setConfirming(null)}
      >
        Programs using this key stop working at once. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
