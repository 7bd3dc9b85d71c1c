import { ChoiceOptions } from '../shared/choice-options';
import { singleChoiceAnswer, useSingleChoice } from '../shared/other-field';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';

function MultipleChoiceInput(props: AnswerInputProps<'multiple_choice'>) {
  const { question, value, onChange } = props;
  const { text, otherPicked, setOtherPicked } = useSingleChoice(question, value);
  return (
    <div className="grid gap-3">
      <ChoiceOptions
        {...props}
        type="radio"
        isChecked={(option) => !otherPicked && value === option}
        onPick={(option) => {
          setOtherPicked(false);
          onChange(option);
        }}
        otherPicked={otherPicked}
        onPickOther={() => {
          setOtherPicked(true);
          onChange('');
        }}
        otherText={text ?? ''}
        onOtherText={onChange}
      />
    </div>
  );
}

/** One of the options, as radio buttons; with "Other" offered, a text of the respondent's own. */
export const multipleChoiceRunner: QuestionRunnerPart<'multiple_choice'> = {
  type: 'multiple_choice',
  Input: MultipleChoiceInput,
  ...singleChoiceAnswer,
};
