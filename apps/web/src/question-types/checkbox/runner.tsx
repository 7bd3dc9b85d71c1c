import { useState } from 'react';
import { ChoiceOptions } from '../shared/choice-options';
import { fitsOther } from '../shared/other-field';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';

/** The respondent's "Other" text among the items of a checkbox answer: the one that is not an option. */
function otherOf(question: { options: readonly string[] }, items: readonly unknown[]): string | undefined {
  return items.find((item): item is string => typeof item === 'string' && !question.options.includes(item));
}

/** A checkbox answer as stored: the picked options in the question's order, then the "Other" text if any. */
function inStoredOrder(
  question: { options: readonly string[] },
  picked: readonly unknown[],
  other: string | undefined,
): string[] {
  return [...question.options.filter((o) => picked.includes(o)), ...(other !== undefined ? [other] : [])];
}

function CheckboxInput(props: AnswerInputProps<'checkbox'>) {
  const { question, value, onChange } = props;
  const { t } = useTranslation('questions');
  const picked = Array.isArray(value) ? value : [];
  const otherText = otherOf(question, picked);
  const [otherPicked, setOtherPicked] = useState(() => question.allowOther === true && otherText !== undefined);
  const chosen = picked.filter((p) => question.options.includes(p));
  return (
    <div className="grid gap-3">
      <p className="-mt-2 text-sm text-slate-600">{t('checkbox.chooseAll')}</p>
      <ChoiceOptions
        {...props}
        type="checkbox"
        isChecked={(option) => chosen.includes(option)}
        onPick={(option, checked) =>
          onChange(
            inStoredOrder(
              question,
              checked ? [...chosen, option] : chosen.filter((o) => o !== option),
              otherPicked ? (otherText ?? '') : undefined,
            ),
          )
        }
        otherPicked={otherPicked}
        onPickOther={(checked) => {
          setOtherPicked(checked);
          onChange(inStoredOrder(question, chosen, checked ? '' : undefined));
        }}
        otherText={otherText ?? ''}
        onOtherText={(text) => onChange(inStoredOrder(question, chosen, text))}
      />
    </div>
  );
}

/**
 * Any of the options, as checkboxes; the answer lists them in the question's order, then the respondent's "Other"
 * text when "Other" is offered and ticked.
 */
export const checkboxRunner: QuestionRunnerPart<'checkbox'> = {
  type: 'checkbox',
  Input: CheckboxInput,
  restore(question, saved) {
    if (!Array.isArray(saved)) return undefined;
    const other = otherOf(question, saved);
    const value = inStoredOrder(question, saved, other !== undefined && fitsOther(question, other) ? other : undefined);
    return value.length > 0 ? value : undefined;
  },
  problem: (question, value) =>
    Array.isArray(value) && value.some((v) => !question.options.includes(v) && v.trim() === '')
      ? i18n.t('questions:checkbox.otherEmpty')
      : undefined,
  toSubmit: (question, value) =>
    Array.isArray(value) ? value.map((v) => (question.options.includes(v) ? v : v.trim())) : value,
};
