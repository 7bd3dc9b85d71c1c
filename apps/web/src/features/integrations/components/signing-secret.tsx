import { Trans, useTranslation } from 'react-i18next';
import { WEBHOOK_HEADERS } from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { CopyLink } from '@/components/copy-link';

/**
 * A new webhook's signing secret, shown this once in a read-only field with Copy, and how a receiver checks a
 * delivery with it.
 */
export function SigningSecret({ secret }: { secret: string }) {
  const { t } = useTranslation('integrations');
  return (
    <div className="space-y-4">
      <Banner tone="warning" title={t('secret.copyNow')}>
        {t('secret.onlyOnce')}
      </Banner>
      <CopyLink url={secret} canCopy label={t('secret.label')} noun="secret" />
      <SignatureHelp />
    </div>
  );
}

/** How a receiver checks that a delivery came from Quorum. */
export function SignatureHelp() {
  const { t } = useTranslation('integrations');
  const code = <code className="font-mono text-xs" />;
  return (
    <div className="space-y-2 rounded-control border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-6 text-slate-700">
      <p className="font-medium text-slate-900">{t('secret.howTo')}</p>
      <ol className="list-decimal space-y-1 ps-5">
        <li>
          <Trans
            t={t}
            i18nKey="secret.step1"
            values={{ header: WEBHOOK_HEADERS.timestamp, joined: '{timestamp}.{body}' }}
            components={{ code, joined: <code className="font-mono text-xs whitespace-nowrap" /> }}
          />
        </li>
        <li>{t('secret.step2')}</li>
        <li>
          <Trans t={t} i18nKey="secret.step3" values={{ header: WEBHOOK_HEADERS.signature }} components={{ code }} />
        </li>
      </ol>
      <p>{t('secret.guide')}</p>
    </div>
  );
}
