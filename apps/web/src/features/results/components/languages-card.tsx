import { useId } from 'react';
import { Filter } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { percentageOf, type ResultsResponse } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatPercentage } from '@/lib/format';
import { languageName } from '@/lib/language-names';

/**
 * The per-language breakdown of a survey in more than one language: for each of its languages (default first) the
 * matching responses given in it, as a bar with the count and the share, and a button that keeps only those
 * responses (pressed while it does; pressing it again shows every language). The statistics above and below count
 * every language together: a choice answered in a translation counts as the same option. Nothing for a survey in
 * one language.
 */
export function LanguagesCard({
  languages,
  matching,
  shown,
  canAddCondition,
  onShow,
}: {
  languages: ResultsResponse['languages'];
  /** The responses the filter keeps, every language together: what the shares are of. */
  matching: number;
  /** The language the filter keeps responses of, if any. */
  shown: string | undefined;
  /** False when the filter holds as many conditions as it may (a language can then only replace one). */
  canAddCondition: boolean;
  onShow: (language: string | null) => void;
}) {
  const { t } = useTranslation('results');
  const headingId = useId();
  const hintId = useId();
  if (languages.length < 2) return null;
  return (
    <Card className="print-block px-5 py-5 sm:px-6" data-testid="languages-card">
      <section aria-labelledby={headingId} aria-describedby={hintId} className="space-y-4">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {t('languages.heading')}
          </h3>
          <p id={hintId} className="mt-0.5 text-sm text-slate-600">
            {t('languages.hint')}
          </p>
        </div>
        <ul className="space-y-4">
          {languages.map(({ language, responses }) => {
            const name = languageName(language);
            const share = percentageOf(responses, matching);
            const pressed = shown === language;
            return (
              <li key={language} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 text-sm font-medium break-words text-slate-800">{name}</span>
                  <span className="text-sm whitespace-nowrap text-slate-600 tabular-nums">
                    {t('languages.responses', { count: responses })} · {formatPercentage(share)}
                  </span>
                </div>
                <div className="flex items-center gap-3">
                  <span
                    className="block h-3 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-100"
                    aria-hidden="true"
                  >
                    <span
                      className="block h-full rounded-full bg-accent-500"
                      style={{ width: `${Math.min(100, share)}%` }}
                    />
                  </span>
                  <Button
                    variant={pressed ? 'secondary' : 'ghost'}
                    size="sm"
                    className="shrink-0 print:hidden"
                    aria-pressed={pressed}
                    disabled={!shown && !canAddCondition}
                    disabledReason={t('languages.tooManyConditions')}
                    onClick={() => onShow(pressed ? null : language)}
                  >
                    <Filter className="size-4" aria-hidden="true" />
                    <span>
                      <Trans
                        t={t}
                        i18nKey="languages.showOnly"
                        values={{ language: name }}
                        components={{ name: <span className="sr-only" /> }}
                      />
                    </span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
