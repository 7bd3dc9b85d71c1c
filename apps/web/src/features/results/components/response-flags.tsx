import type { ResponseFlag } from '@quorum/contract';
import { Badge } from '@/components/ui/badge';

/** Each quality flag's name and what it means (the rules are the server's: QUALITY_RULES in the contract). */
export const FLAG_INFO: Record<ResponseFlag, { label: string; hint: string }> = {
  speeder: { label: 'Speeder', hint: 'Finished in under a third of the median completion time.' },
  straightliner: {
    label: 'Straightliner',
    hint: 'Gave the same answer to every one of at least four rating, NPS or matrix items.',
  },
  duplicate: { label: 'Duplicate', hint: 'Gave the same text answers as an earlier response.' },
};

/** A response's flags as warning badges, each explained on hover and to screen readers. */
export function FlagBadges({ flags }: { flags: readonly ResponseFlag[] }) {
  if (flags.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <span key={flag} title={FLAG_INFO[flag].hint}>
          <Badge tone="warning">{FLAG_INFO[flag].label}</Badge>
          <span className="sr-only">: {FLAG_INFO[flag].hint}</span>
        </span>
      ))}
    </span>
  );
}

/** The flags explained once, under the table. */
export function FlagLegend() {
  return (
    <dl className="grid gap-x-3 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_minmax(0,1fr)]">
      {Object.values(FLAG_INFO).map(({ label, hint }) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd>{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
