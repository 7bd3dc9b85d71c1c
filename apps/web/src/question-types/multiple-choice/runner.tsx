import { OTHER_LABEL } from '@quorum/contract';
import { nativeControl, optionRow } from '../shared/answer-controls';
import { OtherField, singleChoiceAnswer, useOtherPicked } from '../shared/other-field';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';

function MultipleChoiceInput({
  question,
  name,
  value,
  onChange,
  arrange,
  describedBy,
  invalid,
}: AnswerInputProps<'multiple_choice'>) {
  const { t } = useTranslation('questions');
  const text = typeof value === 'string' ? value : undefined;
  const [otherPicked, setOtherPicked] = useOtherPicked(question, text);
  return (
    <div className="grid gap-3">
      {arrange(question.options).map((option) => (
        <label key={option} className={optionRow}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={!otherPicked && value === option}
            onChange={() => {
              setOtherPicked(false);
              onChange(option);
            }}
            className={nativeControl}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
      {question.allowOther && (
        <>
          <label className={optionRow}>
            <input
              type="radio"
              name={name}
              value={OTHER_LABEL}
              checked={otherPicked}
              onChange={() => {
                setOtherPicked(true);
                onChange('');
              }}
              className={nativeControl}
            />
            <span>{t('other.label')}</span>
          </label>
          {otherPicked && (
            <OtherField
              id={`${name}-other`}
              value={text ?? ''}
              onChange={onChange}
              describedBy={describedBy}
              invalid={invalid}
            />
          )}
        </>
      )}
    </div>
  );
}

/** One of the options, as radio buttons; with "Other" offered, a text of the respondent's own. */
export const multipleChoiceRunner: QuestionRunnerPart<'multiple_choice'> = {
  type: 'multiple_choice',
  Input: MultipleChoiceInput,
  ...singleChoiceAnswer,
};
