import { OTHER_LABEL } from '@quorum/contract';
import { cn } from '@/components/ui/cn';
import { nativeControl, optionRow } from './answer-controls';
import { OtherField } from './other-field';
import type { AnswerInputProps } from '../types';
import { useTranslation } from 'react-i18next';

type ChoiceOptionsProps = Pick<
  AnswerInputProps<'multiple_choice' | 'checkbox'>,
  'question' | 'name' | 'arrange' | 'describedBy' | 'invalid'
> & {
  /** Radios name their group; checkboxes go without a name. */
  type: 'radio' | 'checkbox';
  isChecked: (option: string) => boolean;
  onPick: (option: string, checked: boolean) => void;
  otherPicked: boolean;
  onPickOther: (checked: boolean) => void;
  /** The respondent's own text, while "Other" is picked. */
  otherText: string;
  onOtherText: (text: string) => void;
};

/**
 * A choice's options in the order this respondent sees them, a row each with its native radio or checkbox, then
 * "Other" when the question offers it, with the text field for the respondent's own answer once it is picked.
 */
export function ChoiceOptions({
  question,
  name,
  arrange,
  describedBy,
  invalid,
  type,
  isChecked,
  onPick,
  otherPicked,
  onPickOther,
  otherText,
  onOtherText,
}: ChoiceOptionsProps) {
  const { t } = useTranslation('questions');
  const group = type === 'radio' ? name : undefined;
  const control = type === 'checkbox' ? cn(nativeControl, 'rounded') : nativeControl;
  return (
    <>
      {arrange(question.options).map((option) => (
        <label key={option} className={optionRow}>
          <input
            type={type}
            name={group}
            value={option}
            checked={isChecked(option)}
            onChange={(event) => onPick(option, event.target.checked)}
            className={control}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
      {question.allowOther && (
        <>
          <label className={optionRow}>
            <input
              type={type}
              name={group}
              value={OTHER_LABEL}
              checked={otherPicked}
              onChange={(event) => onPickOther(event.target.checked)}
              className={control}
            />
            <span>{t('other.label')}</span>
          </label>
          {otherPicked && (
            <OtherField
              name={name}
              value={otherText}
              onChange={onOtherText}
              describedBy={describedBy}
              invalid={invalid}
            />
          )}
        </>
      )}
    </>
  );
}
