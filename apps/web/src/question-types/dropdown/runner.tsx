import { ChevronDown } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { idList, inputHint, textField } from '../shared/answer-controls';
import { OtherField, singleChoiceAnswer, useSingleChoice } from '../shared/other-field';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';

/** The select's value for "Other" (the options' values are their positions, so it never clashes). */
const OTHER_VALUE = 'other';

/**
 * One option of a long list (up to 500), as the browser's own select: it has type-ahead (typing an option's first
 * letters picks it), works with every screen reader, and opens the phone's native picker, at no cost to the page.
 */
function DropdownInput({
  question,
  name,
  headingId,
  value,
  onChange,
  arrange,
  describedBy,
  invalid,
}: AnswerInputProps<'dropdown'>) {
  const { t } = useTranslation('questions');
  const { text, otherPicked, setOtherPicked } = useSingleChoice(question, value);
  const position = text === undefined ? -1 : question.options.indexOf(text);
  const selected = otherPicked ? OTHER_VALUE : position >= 0 ? String(position) : '';
  const hintId = `${name}-hint`;
  return (
    <div className="grid gap-3">
      <div className="relative">
        <select
          id={`${name}-select`}
          aria-labelledby={headingId}
          aria-describedby={idList(hintId, !otherPicked && describedBy)}
          aria-invalid={(!otherPicked && invalid) || undefined}
          value={selected}
          onChange={(event) => {
            const picked = event.target.value;
            setOtherPicked(picked === OTHER_VALUE);
            onChange(picked === OTHER_VALUE ? '' : (question.options[Number(picked)] ?? ''));
          }}
          className={cn(textField, 'h-12 cursor-pointer appearance-none pe-10')}
        >
          <option value="" disabled>
            {t('dropdown.placeholder')}
          </option>
          {arrange(question.options.map((option, index) => ({ option, index }))).map(({ option, index }) => (
            <option key={option} value={String(index)}>
              {option}
            </option>
          ))}
          {question.allowOther && <option value={OTHER_VALUE}>{t('other.label')}</option>}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 end-3 size-5 -translate-y-1/2 text-slate-500"
        />
      </div>
      <p id={hintId} className={cn(inputHint, 'mt-0')}>
        {t('dropdown.typeAhead')}
      </p>
      {otherPicked && (
        <OtherField name={name} value={text ?? ''} onChange={onChange} describedBy={describedBy} invalid={invalid} />
      )}
    </div>
  );
}

/** One option from a list; with "Other" offered, a text of the respondent's own. */
export const dropdownRunner: QuestionRunnerPart<'dropdown'> = {
  type: 'dropdown',
  Input: DropdownInput,
  ...singleChoiceAnswer,
};
