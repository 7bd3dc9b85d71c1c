import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import {
  CHANGE_PASSWORD_SPECIALS,
  changePasswordRules,
  REGISTRATION_SPECIALS,
  type PasswordRule,
} from '@quorum/contract';

/**
 * The live list of unmet password rules, from the contract's rules so the screen and
 * the server agree; "All password requirements are met" once none is left. Announced politely as it
 * changes. Register and Change Password word their rules differently, hence `intro` and `listLabel`. A rule's
 * words are the contract's (`contract:passwordRules.<register|change>.<id>`, translated in other languages).
 */
export function PasswordRequirements({
  id,
  unmet,
  listLabel,
  intro,
}: {
  id: string;
  unmet: readonly PasswordRule[];
  /** The list's accessible name. */
  listLabel: string;
  /** An optional line above the list ("Password must have:"). */
  intro?: string;
}) {
  const { t } = useTranslation('auth');
  const ruleText = (rule: PasswordRule) => {
    const change = changePasswordRules.includes(rule);
    return t(`contract:passwordRules.${change ? 'change' : 'register'}.${rule.id}`, {
      specials: change ? CHANGE_PASSWORD_SPECIALS : REGISTRATION_SPECIALS,
    });
  };
  return (
    <div id={id} aria-live="polite" className="mt-2 text-sm">
      {unmet.length === 0 ? (
        <p className="flex items-center gap-1.5 text-green-700">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
          {t('passwordRequirements.allMet')}
        </p>
      ) : (
        <>
          {intro && <p className="mb-1 font-medium text-slate-700">{intro}</p>}
          <ul className="space-y-0.5" aria-label={listLabel}>
            {unmet.map((rule) => (
              <li key={rule.id} className="flex items-start gap-1.5 text-slate-700">
                <CircleX className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
                {ruleText(rule)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
