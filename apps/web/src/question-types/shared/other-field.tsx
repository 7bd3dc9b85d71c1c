import { useState } from 'react';
import { isOtherAnswer, OTHER_ANSWER_MAX, type AnswerValue } from '@quorum/contract';
import { textField } from './answer-controls';
import { useTranslation } from 'react-i18next';

interface OtherFieldProps {
  /** The question's name on the page (the field's id is `<name>-other`). */
  name: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
}

/** The text field shown once a respondent picks "Other": their own answer, at most OTHER_ANSWER_MAX characters. */
export function OtherField({ name, value, onChange, describedBy, invalid }: OtherFieldProps) {
  const { t } = useTranslation('questions');
  const id = `${name}-other`;
  return (
    <div className="sm:ps-8">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('other.yourAnswer')}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={OTHER_ANSWER_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={textField}
      />
    </div>
  );
}

/** Whether a saved "Other" text still fits: a question that offers "Other", and not too long. */
export function fitsOther(question: { allowOther?: boolean | undefined }, text: string): boolean {
  return question.allowOther === true && text.length <= OTHER_ANSWER_MAX;
}

/** The runner's handling of a single choice that may offer "Other" (multiple choice and dropdown). */
export const singleChoiceAnswer = {
  /** A kept answer, when it is still one of the options or an "Other" text that fits. */
  restore: (question: { options: readonly string[]; allowOther?: boolean | undefined }, saved: unknown) =>
    typeof saved === 'string' && (question.options.includes(saved) || fitsOther(question, saved)) ? saved : undefined,
  /** The answer as sent: an "Other" text trimmed, an option as it is. */
  toSubmit: (_question: unknown, value: AnswerValue) => (typeof value === 'string' ? value.trim() : value),
};

/**
 * A single choice's answer (multiple choice, dropdown) as its input shows it: the text, and whether the respondent
 * has picked "Other". At first that is whether the kept answer is a text of their own; then it stays picked while
 * its text is typed, even when the text happens to match an option.
 */
export function useSingleChoice(
  question: { options: readonly string[]; allowOther?: boolean | undefined },
  value: AnswerValue | undefined,
) {
  const text = typeof value === 'string' ? value : undefined;
  const [otherPicked, setOtherPicked] = useState(() => text !== undefined && isOtherAnswer(question, text));
  return { text, otherPicked, setOtherPicked };
}
