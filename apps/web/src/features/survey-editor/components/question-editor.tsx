import { useId, type Ref } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { LIMITS, QUESTION_TYPES, questionTypes, type QuestionType } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { Field, Select, Textarea } from '@/components/ui/field';
import { questionEditorOf } from '@/question-types/editor';
import { changeQuestionType, type QuestionDraft, type SurveyDraft } from '../lib/editor-model';

/**
 * One question of the survey form (at `questions.<index>`): text, type, options or rating scale, and its
 * move/remove buttons. Any change to the question takes away the message that was about it.
 */
export function QuestionEditor({
  index,
  total,
  canRemove,
  buttonsDisabled,
  onRemove,
  onMove,
  moveUpRef,
  moveDownRef,
}: {
  index: number;
  total: number;
  canRemove: boolean;
  buttonsDisabled: boolean;
  onRemove: () => void;
  onMove: (direction: -1 | 1) => void;
  moveUpRef: Ref<HTMLButtonElement>;
  moveDownRef: Ref<HTMLButtonElement>;
}) {
  const { control, register, setValue, clearErrors } = useFormContext<SurveyDraft>();
  const name = `questions.${index}` as const;
  const question = useWatch({ control, name });
  const fieldErrors = useFormState({ control, name }).errors.questions?.[index];
  const errors = {
    text: fieldErrors?.text?.message,
    options: fieldErrors?.options?.message,
    rating: fieldErrors?.ratingScale?.message,
  };
  const clearMessage = () => {
    if (fieldErrors) clearErrors(name);
  };
  const onChange = (next: QuestionDraft) => {
    setValue(name, next, { shouldDirty: true });
    clearMessage();
  };
  const headingId = useId();
  const number = index + 1;
  // The type's own inputs (options, a scale, a note) come from its editor part.
  const { Fields } = questionEditorOf(question.type);

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
      data-question-key={question.key}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-accent-50 text-sm text-accent-700">
            {number}
          </span>
          Question {number}
        </h3>
        <div className="flex items-center gap-1">
          <Button
            ref={moveUpRef}
            variant="ghost"
            size="sm"
            className="px-2"
            disabled={buttonsDisabled || index === 0}
            onClick={() => onMove(-1)}
            title="Move up"
            aria-label={`Move up, question ${number}`}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Move up</span>
          </Button>
          <Button
            ref={moveDownRef}
            variant="ghost"
            size="sm"
            className="px-2"
            disabled={buttonsDisabled || index === total - 1}
            onClick={() => onMove(1)}
            title="Move down"
            aria-label={`Move down, question ${number}`}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Move down</span>
          </Button>
          {canRemove && (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              disabled={buttonsDisabled}
              onClick={onRemove}
              aria-label={`Remove Question ${number}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove Question
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label="Question Text" required error={errors.text}>
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              {...register(`${name}.text`, { onChange: clearMessage })}
              rows={2}
              required
              maxLength={LIMITS.text}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              placeholder="What would you like to ask?"
            />
          )}
        </Field>
        <Field label="Question Type">
          {({ id }) => (
            <Select
              id={id}
              name={`${name}.type`}
              value={question.type}
              onChange={(e) => onChange(changeQuestionType(question, e.target.value as QuestionType))}
            >
              {questionTypes.map((type) => (
                <option key={type} value={type}>
                  {QUESTION_TYPES[type].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Fields question={question} name={name} errors={errors} disabled={buttonsDisabled} onChange={onChange} />
    </li>
  );
}
