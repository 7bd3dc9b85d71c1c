import { CircleCheck, CircleX } from 'lucide-react';
import type { PasswordRule } from '@quorum/contract';

/**
 * The live list of unmet password requirements (section 5), from the contract's rules, so the
 * screen and the server agree. Announced politely as it changes.
 */
export function PasswordRequirements({ id, unmet }: { id: string; unmet: readonly PasswordRule[] }) {
  return (
    <div id={id} aria-live="polite" className="mt-2 text-sm">
      {unmet.length === 0 ? (
        <p className="flex items-center gap-1.5 text-green-700">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
          All password requirements are met
        </p>
      ) : (
        <>
          <p className="font-medium text-slate-700">Password must have:</p>
          <ul className="mt-1 space-y-0.5" aria-label="Unmet password requirements">
            {unmet.map((rule) => (
              <li key={rule.id} className="flex items-center gap-1.5 text-slate-700">
                <CircleX className="size-4 shrink-0 text-red-600" aria-hidden="true" />
                {rule.label}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
