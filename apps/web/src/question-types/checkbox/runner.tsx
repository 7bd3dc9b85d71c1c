import { useState } from 'react';
import { ChoiceOptions } from '../shared/choice-options';
import { fitsOther } from '../shared/other-field';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';

/** The respondent's "Other" text in a checkbox answer: the one item that is not an option. */
const otherOf = (options: readonly string[], picked: readonly string[]) => picked.find((p) => !options.includes(p));

function CheckboxInput(props: AnswerInputProps<'checkbox'>) {
  const { question, value, onChange } = props;
  const { t } = useTranslation('questions');
  const picked = Array.isArray(value) ? value : [];
  const otherText = otherOf(question.options, picked);
  const [otherPicked, setOtherPicked] = useState(() => question.allowOther === true && otherText !== undefined);
  // The options in the question's order, then the "Other" text (the order the server stores).
  const answer = (options: readonly string[], other: string | undefined) => [
    ...question.options.filter((o) => options.includes(o)),
    ...(other !== undefined ? [other] : []),
  ];
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
            answer(
              checked ? [...chosen, option] : chosen.filter((o) => o !== option),
              otherPicked ? (otherText ?? '') : undefined,
            ),
          )
        }
        otherPicked={otherPicked}
        onPickOther={(checked) => {
          setOtherPicked(checked);
          onChange(answer(chosen, checked ? '' : undefined));
        }}
        otherText={otherText ?? ''}
        onOtherText={(text) => onChange(answer(chosen, text))}
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
    const picked = question.options.filter((o) => saved.includes(o));
    const other = saved.find((s): s is string => typeof s === 'string' && !question.options.includes(s));
    const value = other !== undefined && fitsOther(question, other) ? [...picked, other] : picked;
    return value.length > 0 ? value : undefined;
  },
  problem: (question, value) =>
    Array.isArray(value) && value.some((v) => !question.options.includes(v) && v.trim() === '')
      ? i18n.t('questions:checkbox.otherEmpty')
      : undefined,
  toSubmit: (question, value) =>
    Array.isArray(value) ? value.map((v) => (question.options.includes(v) ? v : v.trim())) : value,
};
