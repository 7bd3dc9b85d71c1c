import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

const FEEDBACK_MS = 2000;

/** The recovery codes, shown once after two-factor sign-in is turned on: a list to copy or download. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation('profile');
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = `Quorum recovery codes for ${email}\nEach code works once.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
    timer.current = setTimeout(() => setCopied('idle'), FEEDBACK_MS);
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'quorum-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="space-y-3">
      <ul
        aria-label={t('recoveryCodes.label')}
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-control border border-slate-200 bg-slate-50 px-4 py-3 font-mono text-sm text-slate-900 min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied === 'copied' ? (
            <Check className="size-4 text-green-700" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied === 'copied' ? t('recoveryCodes.copied') : t('recoveryCodes.copy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          {t('recoveryCodes.download')}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-700">
        {copied === 'failed' ? t('recoveryCodes.copyFailed') : ''}
      </p>
    </div>
  );
}
