import { useState } from 'react';
import { OTHER_ANSWER_MAX, type AnswerValue } from '@quorum/contract';
import { textField } from './answer-controls';
import { useTranslation } from 'react-i18next';

interface OtherFieldProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
}

/** The text field shown once a respondent picks "Other": their own answer, at most OTHER_ANSWER_MAX characters. */
export function OtherField({ id, value, onChange, describedBy, invalid }: OtherFieldProps) {
  const { t } = useTranslation('questions');
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
 * Whether the respondent has picked "Other" on a single choice: at first, when the kept answer is a text of their own;
 * then it stays picked while its text is typed, even when the text happens to match an option.
 */
export function useOtherPicked(
  question: { options: readonly string[]; allowOther?: boolean | undefined },
  text: string | undefined,
) {
  return useState(() => question.allowOther === true && text !== undefined && !question.options.includes(text));
}
