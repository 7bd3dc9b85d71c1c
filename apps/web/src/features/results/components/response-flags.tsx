import type { ResponseFlag } from '@quorum/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { i18n } from '@/i18n/i18n';

const FLAGS: readonly ResponseFlag[] = ['speeder', 'straightliner', 'duplicate'];

/**
 * A quality flag's name and what it means, in the current language (the rules are the server's: QUALITY_RULES in
 * the contract).
 */
export function flagInfo(flag: ResponseFlag): { label: string; hint: string } {
  return { label: i18n.t(`results:flags.${flag}.label`), hint: i18n.t(`results:flags.${flag}.hint`) };
}

/** A response's flags as warning badges, each explained on hover and to screen readers. */
export function FlagBadges({ flags }: { flags: readonly ResponseFlag[] }) {
  useTranslation('results');
  if (flags.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <span key={flag} title={flagInfo(flag).hint}>
          <Badge tone="warning">{flagInfo(flag).label}</Badge>
          <span className="sr-only">: {flagInfo(flag).hint}</span>
        </span>
      ))}
    </span>
  );
}

/** The flags explained once, under the table. */
export function FlagLegend() {
  useTranslation('results');
  return (
    <dl className="grid gap-x-3 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_minmax(0,1fr)]">
      {FLAGS.map(flagInfo).map(({ label, hint }) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd>{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
