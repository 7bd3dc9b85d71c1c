import { useId, type Ref } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { LIMITS, QUESTION_TYPE_LABELS, questionTypes, type QuestionType } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  changeQuestionType,
  changeRatingScale,
  ratingPresetOf,
  removeOption,
  setOption,
  type QuestionDraft,
  type RatingPreset,
  type SurveyDraft,
} from '../lib/editor-model';
import { RatingPreview } from './rating-preview';

const RATING_CHOICES: Array<{ preset: RatingPreset; label: string; hint: string }> = [
  { preset: 5, label: '5-point scale', hint: '1 to 5, each value labelled' },
  { preset: 10, label: '10-point scale', hint: '1 to 10, shown as a slider' },
];

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
  const optionsErrorId = useId();
  const number = index + 1;
  const isChoice = question.type === 'multiple_choice' || question.type === 'checkbox';

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
                  {QUESTION_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      {isChoice && (
        <fieldset className="mt-4 space-y-2" aria-describedby={errors.options ? optionsErrorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            Options
            <span className="ml-1 text-xs font-normal text-slate-500">
              {question.type === 'checkbox' ? '(respondents may pick several)' : '(respondents pick one)'}
            </span>
          </legend>
          <ol className="space-y-2">
            {question.options.map((option, optionIndex) => (
              <OptionRow
                key={optionIndex}
                questionIndex={index}
                optionIndex={optionIndex}
                value={option}
                invalid={Boolean(errors.options) && option.trim() === ''}
                canRemove={canRemoveOption(question)}
                buttonsDisabled={buttonsDisabled}
                onChange={(value) => onChange(setOption(question, optionIndex, value))}
                onRemove={() => onChange(removeOption(question, optionIndex))}
                onEnter={() => {
                  if (canAddOption(question)) onChange(addOption(question));
                }}
              />
            ))}
          </ol>
          {errors.options && (
            <p id={optionsErrorId} className="text-sm text-red-700">
              {errors.options}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={buttonsDisabled || !canAddOption(question)}
            onClick={() => onChange(addOption(question))}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add Option
          </Button>
        </fieldset>
      )}

      {question.type === 'rating' && question.ratingScale && (
        <div className="mt-4 space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Rating scale</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {RATING_CHOICES.map((choice) => (
                <label
                  key={choice.preset}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-accent-600 has-checked:bg-accent-50"
                >
                  <input
                    type="radio"
                    name={`questions.${index}.ratingScale`}
                    value={choice.preset}
                    checked={ratingPresetOf(question) === choice.preset}
                    onChange={() => onChange(changeRatingScale(question, choice.preset))}
                    className="mt-0.5 accent-accent-600"
                  />
                  <span>
                    <span className="block text-sm font-medium">{choice.label}</span>
                    <span className="block text-xs text-slate-600">{choice.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.rating && <p className="mt-2 text-sm text-red-700">{errors.rating}</p>}
          </fieldset>
          <div className="rounded-lg bg-slate-50 p-3">
            <RatingPreview key={question.ratingScale.max} scale={question.ratingScale} />
          </div>
        </div>
      )}

      {question.type === 'text' && (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          Respondents answer in a free-text box (4 rows). Text questions have no options.
        </p>
      )}
    </li>
  );
}

function OptionRow({
  questionIndex,
  optionIndex,
  value,
  invalid,
  canRemove,
  buttonsDisabled,
  onChange,
  onRemove,
  onEnter,
}: {
  questionIndex: number;
  optionIndex: number;
  value: string;
  invalid: boolean;
  canRemove: boolean;
  buttonsDisabled: boolean;
  onChange: (value: string) => void;
  onRemove: () => void;
  onEnter: () => void;
}) {
  const id = useId();
  const label = `Option ${optionIndex + 1}`;
  return (
    <li className="flex items-center gap-2">
      <label htmlFor={id} className="w-20 shrink-0 text-sm text-slate-700">
        {label}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <Input
        id={id}
        name={`questions.${questionIndex}.options.${optionIndex}`}
        required
        maxLength={LIMITS.text}
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          // Enter moves to the next option, adding one at the end of the list.
          e.preventDefault();
          const form = e.currentTarget.form;
          const nextName = `questions.${questionIndex}.options.${optionIndex + 1}`;
          const focusNext = () => form?.querySelector<HTMLInputElement>(`[name="${nextName}"]`)?.focus();
          if (form?.querySelector(`[name="${nextName}"]`)) focusNext();
          else {
            onEnter();
            setTimeout(focusNext, 0);
          }
        }}
        className="min-w-0 flex-1"
      />
      <span className={cn('inline-flex size-8 shrink-0', !canRemove && 'invisible')}>
        {canRemove && (
          <button
            type="button"
            onClick={onRemove}
            disabled={buttonsDisabled}
            aria-label={`Remove ${label.toLowerCase()}`}
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </span>
    </li>
  );
}
