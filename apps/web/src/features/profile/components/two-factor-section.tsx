import { Trans, useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import {
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  type AuthUser,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupResponse,
  type UserType,
} from '@quorum/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useSetUpTwoFactor } from '../api/set-up-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorQr } from './two-factor-qr';

/** What the section shows besides the status: a setup under way, or the recovery codes just handed out. */
type Step = { kind: 'status' } | { kind: 'setup'; setup: TwoFactorSetupResponse } | { kind: 'codes'; codes: string[] };

/**
 * "Two-factor sign-in" on the profile screen of both roles: its status; setting it up (a QR code and the key as
 * text, then a code from the app turns it on and the ten recovery codes show, this once); turning it off with the
 * password and a code.
 */
export function TwoFactorSection({ role, user }: { role: UserType; user: AuthUser }) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  const status = useTwoFactorStatus(role);
  const setUp = useSetUpTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const start = () => {
    setNotice(null);
    setUp.mutate(role, {
      onSuccess: (setup) => setStep({ kind: 'setup', setup }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t('twoFactor.startFailed')) }),
    });
  };

  let body;
  if (step.kind === 'setup') {
    body = (
      <SetupForm
        role={role}
        setup={step.setup}
        onEnabled={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={() => setStep({ kind: 'status' })}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <div className="space-y-4">
        <Banner tone="success" title={t('twoFactor.onTitle')}>
          {t('twoFactor.saveCodes')}
        </Banner>
        <RecoveryCodes codes={step.codes} email={user.email} />
        <Button onClick={() => setStep({ kind: 'status' })}>{t('twoFactor.savedCodes')}</Button>
      </div>
    );
  } else if (status.isPending) {
    body = <Spinner label={t('twoFactor.loading')} className="justify-start p-0" />;
  } else if (status.isError) {
    body = (
      <Banner tone="error">
        <p>{errorMessage(status.error, t('twoFactor.loadFailed'))}</p>
        <button
          type="button"
          className="mt-1 font-medium underline underline-offset-2"
          onClick={() => void status.refetch()}
        >
          {t('apiKeys.tryAgain')}
        </button>
      </Banner>
    );
  } else if (status.data.enabled) {
    body = (
      <DisableForm
        role={role}
        recoveryCodesLeft={status.data.recoveryCodesLeft}
        onDisabled={() => setNotice({ tone: 'success', text: t('twoFactor.offNotice') })}
      />
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t('twoFactor.intro')}</p>
        <Button onClick={start} loading={setUp.isPending}>
          {setUp.isPending ? t('twoFactor.starting') : t('twoFactor.setUp')}
        </Button>
      </div>
    );
  }

  const enabled = step.kind === 'codes' || (step.kind === 'status' && status.data?.enabled === true);
  return (
    <Card className="px-5 py-6 sm:px-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <ShieldCheck className="size-5 text-accent-700" aria-hidden="true" />
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('twoFactor.title')}
          </h2>
          {status.data && (
            <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? t('twoFactor.on') : t('twoFactor.off')}</Badge>
          )}
        </div>
        {notice && (
          <Banner tone={notice.tone} onClose={() => setNotice(null)}>
            {notice.text}
          </Banner>
        )}
        {body}
      </section>
    </Card>
  );
}

type EnableValues = TwoFactorEnableBody;

/** Setup: scan the QR code (or type the key), then prove it with a code. */
function SetupForm({
  role,
  setup,
  onEnabled,
  onCancel,
}: {
  role: UserType;
  setup: TwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const enable = useEnableTwoFactor();
  const form = useZodForm<EnableValues>(twoFactorEnableBodySchema, { defaultValues: { code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const keyId = useId();

  const onSubmit = async ({ code }: EnableValues) => {
    setFailure(null);
    try {
      const { recoveryCodes } = await enable.mutateAsync({ role, body: { code } });
      onEnabled(recoveryCodes);
    } catch (error) {
      setFailure(errorMessage(error, t('twoFactor.enableFailed')));
      form.setValue('code', '');
    }
  };

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700">
        <li>{t('twoFactor.step1')}</li>
        <li>{t('twoFactor.step2')}</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <TwoFactorQr url={setup.otpauthUrl} />
        <div className="min-w-0 space-y-1">
          <p id={keyId} className="text-sm font-medium text-slate-800">
            {t('twoFactor.setupKey')}
          </p>
          <p
            aria-labelledby={keyId}
            data-testid="two-factor-secret"
            className="font-mono text-sm break-all text-slate-900 select-all"
          >
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </p>
          <p className="text-xs text-slate-600">{t('twoFactor.keyHint')}</p>
        </div>
      </div>
      <Form form={form} onSubmit={onSubmit} aria-label={t('twoFactor.enableLabel')} className="space-y-4">
        <FormTextField<EnableValues>
          label={t('twoFactor.codeFromApp')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          fieldClassName="max-w-xs"
          disabled={enable.isPending}
        />
        {failure && <Banner tone="error">{failure}</Banner>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={enable.isPending}>
            {enable.isPending ? t('twoFactor.turningOn') : t('twoFactor.turnOn')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={enable.isPending}>
            {t('cancel')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

type DisableValues = TwoFactorDisableBody;

/** While on: how many recovery codes are left, and turning it off with the password and a code. */
function DisableForm({
  role,
  recoveryCodesLeft,
  onDisabled,
}: {
  role: UserType;
  recoveryCodesLeft: number;
  onDisabled: () => void;
}) {
  const { t } = useTranslation('profile');
  const disable = useDisableTwoFactor();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<DisableValues>(twoFactorDisableBodySchema, { defaultValues: { password: '', code: '' } });

  const onSubmit = async (values: DisableValues) => {
    setFailure(null);
    try {
      await disable.mutateAsync({ role, body: values });
      setOpen(false);
      form.reset();
      onDisabled();
    } catch (error) {
      setFailure(errorMessage(error, t('twoFactor.disableFailed')));
      form.setValue('code', '');
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <Trans
          t={t}
          i18nKey="twoFactor.codesLeft"
          values={{ count: recoveryCodesLeft }}
          components={{ strong: <strong className="font-semibold" /> }}
        />
      </p>
      {open ? (
        <Form form={form} onSubmit={onSubmit} aria-label={t('twoFactor.disableLabel')} className="space-y-4">
          <FormTextField<DisableValues>
            label={t('twoFactor.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            fieldClassName="max-w-sm"
            disabled={disable.isPending}
          />
          <FormTextField<DisableValues>
            label={t('twoFactor.codeOrRecovery')}
            name="code"
            autoComplete="one-time-code"
            required
            fieldClassName="max-w-sm"
            disabled={disable.isPending}
          />
          {failure && <Banner tone="error">{failure}</Banner>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" loading={disable.isPending}>
              {disable.isPending ? t('twoFactor.turningOff') : t('twoFactor.disableLabel')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={disable.isPending}>
              {t('cancel')}
            </Button>
          </div>
        </Form>
      ) : (
        <Button variant="danger-secondary" onClick={() => setOpen(true)}>
          {t('twoFactor.turnOff')}
        </Button>
      )}
    </div>
  );
}
