import { nativeControl, optionRow } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';

function MultipleChoiceInput({ question, name, value, onChange }: AnswerInputProps<'multiple_choice'>) {
  return (
    <div className="grid gap-3">
      {question.options.map((option) => (
        <label key={option} className={optionRow}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className={nativeControl}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}

/** One of the options, as radio buttons. */
export const multipleChoiceRunner: QuestionRunnerPart<'multiple_choice'> = {
  type: 'multiple_choice',
  Input: MultipleChoiceInput,
  restore: (question, saved) => (typeof saved === 'string' && question.options.includes(saved) ? saved : undefined),
};
