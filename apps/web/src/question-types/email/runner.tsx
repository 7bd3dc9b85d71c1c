import { EMAIL_ANSWER_MAX, isEmailAddress } from '@quorum/contract';
import { idList, textField } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { i18n } from '@/i18n/i18n';

function EmailInput({ headingId, value, onChange, describedBy, invalid }: AnswerInputProps<'email'>) {
  return (
    <input
      type="email"
      autoComplete="email"
      spellCheck={false}
      maxLength={EMAIL_ANSWER_MAX}
      aria-labelledby={headingId}
      aria-describedby={idList(describedBy)}
      aria-invalid={invalid || undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      placeholder="name@example.com"
      className={textField}
    />
  );
}

/** An email address, checked before the respondent goes on. */
export const emailRunner: QuestionRunnerPart<'email'> = {
  type: 'email',
  Input: EmailInput,
  restore: (_question, saved) => (typeof saved === 'string' ? saved : undefined),
  problem: (_question, value) => (isEmailAddress(String(value)) ? undefined : i18n.t('questions:email.invalid')),
  toSubmit: (_question, value) => String(value).trim(),
};
