import { useId, type Ref } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useSortable } from '@dnd-kit/sortable';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, questionTypes, type QuestionType } from '@quorum/contract';
import { translateValidationMessage } from '@/i18n/validation-messages';
import { Button } from '@/components/ui/button';
import { Field, Select, Textarea } from '@/components/ui/field';
import { questionEditorOf } from '@/question-types/editor';
import {
  canOfferOther,
  canRandomize,
  changeQuestionType,
  type QuestionDraft,
  type SurveyDraft,
} from '../lib/editor-model';
import { alignTranslations } from '../lib/translations';
import { LogicEditor } from './logic-editor';
import { CheckboxField } from '@/components/ui/checkbox-field';

/**
 * One question of the survey form (at `questions.<index>`): text, type, help text, the type's own inputs (options,
 * a scale, rows, a range or a note), "Required", "Other" and random order where the type offers them, its skip
 * logic, and its move/remove buttons. Any change to the question takes away the message that was about it.
 */
export function QuestionEditor({
  sortableId,
  index,
  total,
  canRemove,
  buttonsDisabled,
  onRemove,
  onMove,
  moveUpRef,
  moveDownRef,
}: {
  /** The question's id in the list that reorders by dragging (its handle also works with the keyboard). */
  sortableId: string;
  index: number;
  total: number;
  canRemove: boolean;
  buttonsDisabled: boolean;
  onRemove: () => void;
  onMove: (direction: -1 | 1) => void;
  moveUpRef: Ref<HTMLButtonElement>;
  moveDownRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation('editor');
  const { control, register, setValue, getValues, clearErrors } = useFormContext<SurveyDraft>();
  const name = `questions.${index}` as const;
  const question = useWatch({ control, name });
  const fieldErrors = useFormState({ control, name }).errors.questions?.[index];
  // The contract's messages in the interface's language (a server's message arrives translated already).
  const shown = (message: string | undefined) => message && translateValidationMessage(message);
  const errors = {
    text: shown(fieldErrors?.text?.message),
    options: shown(fieldErrors?.options?.message),
    rating: shown(fieldErrors?.ratingScale?.message),
    rows: shown(fieldErrors?.rows?.message),
    range: shown(fieldErrors?.numberRange?.message ?? fieldErrors?.dateRange?.message),
  };
  const ruleMessages = question.logic.map((_, at) => {
    const rule = fieldErrors?.logic?.[at];
    return rule?.operator?.message ?? rule?.value?.message ?? rule?.goTo?.message ?? rule?.message;
  });
  const clearMessage = () => {
    if (fieldErrors) clearErrors(name);
  };
  const onChange = (next: QuestionDraft) => {
    const prev = getValues(name);
    setValue(name, next, { shouldDirty: true });
    // An option or row removed (or moved) takes its translations with it; the others keep theirs.
    const translations = getValues('translations');
    const aligned = alignTranslations(translations, prev, next);
    if (aligned !== translations) setValue('translations', aligned, { shouldDirty: true });
    clearMessage();
  };
  const headingId = useId();
  const number = index + 1;
  // The type's own inputs (options, a scale, a note) come from its editor part.
  const { Fields } = questionEditorOf(question.type);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sortableId,
    disabled: buttonsDisabled || total < 2,
  });

  return (
    <li
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
      aria-labelledby={headingId}
      className={`rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5${isDragging ? ' relative z-10 shadow-overlay' : ''}`}
      data-question-key={question.key}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          {total > 1 && (
            <button
              type="button"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              disabled={buttonsDisabled}
              aria-label={t('question.dragHandle', { number })}
              className="inline-flex size-7 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600 active:cursor-grabbing"
            >
              <GripVertical className="size-4" aria-hidden="true" />
            </button>
          )}
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-accent-50 text-sm text-accent-700">
            {number}
          </span>
          {t('question.heading', { number })}
          {!question.required && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-700">
              {t('question.optional')}
            </span>
          )}
        </h3>
        <div className="flex items-center gap-1">
          <Button
            ref={moveUpRef}
            variant="ghost"
            size="sm"
            className="px-2"
            disabled={buttonsDisabled || index === 0}
            onClick={() => onMove(-1)}
            title={t('question.moveUp')}
            aria-label={t('question.moveUpLabel', { number })}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('question.moveUp')}</span>
          </Button>
          <Button
            ref={moveDownRef}
            variant="ghost"
            size="sm"
            className="px-2"
            disabled={buttonsDisabled || index === total - 1}
            onClick={() => onMove(1)}
            title={t('question.moveDown')}
            aria-label={t('question.moveDownLabel', { number })}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('question.moveDown')}</span>
          </Button>
          {canRemove && (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              disabled={buttonsDisabled}
              onClick={onRemove}
              aria-label={t('question.removeLabel', { number })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('question.remove')}
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label={t('question.text')} required error={errors.text}>
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              {...register(`${name}.text`, { onChange: clearMessage })}
              rows={2}
              required
              maxLength={LIMITS.text}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              placeholder={t('question.textPlaceholder')}
            />
          )}
        </Field>
        <Field label={t('question.type')}>
          {({ id }) => (
            <Select
              id={id}
              name={`${name}.type`}
              value={question.type}
              onChange={(e) => onChange(changeQuestionType(question, e.target.value as QuestionType))}
            >
              {questionTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`questionTypeNames.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Field
        className="mt-4"
        label={t('question.helpText')}
        hint={t('question.helpTextHint', { max: LIMITS.description })}
        error={shown(fieldErrors?.description?.message)}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            {...register(`${name}.description`, { onChange: clearMessage })}
            rows={2}
            maxLength={LIMITS.description}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>

      <Fields question={question} name={name} errors={errors} disabled={buttonsDisabled} onChange={onChange} />

      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">{t('question.answering')}</legend>
        <CheckboxField
          name={`${name}.required`}
          label={t('question.required')}
          hint={t('question.requiredHint')}
          checked={question.required}
          onChange={(required) => onChange({ ...question, required })}
        />
        {canOfferOther(question.type) && (
          <CheckboxField
            name={`${name}.allowOther`}
            label={t('question.offerOther')}
            hint={t('question.offerOtherHint')}
            error={shown(fieldErrors?.allowOther?.message)}
            checked={question.allowOther === true}
            onChange={(allowOther) => onChange({ ...question, allowOther })}
          />
        )}
        {canRandomize(question.type) && (
          <CheckboxField
            name={`${name}.randomizeOptions`}
            label={t('question.randomize')}
            hint={question.type === 'matrix' ? t('question.randomizeRowsHint') : t('question.randomizeOptionsHint')}
            error={shown(fieldErrors?.randomizeOptions?.message)}
            checked={question.randomizeOptions === true}
            onChange={(randomizeOptions) => onChange({ ...question, randomizeOptions })}
          />
        )}
      </fieldset>

      <LogicEditor
        index={index}
        question={question}
        disabled={buttonsDisabled}
        messages={ruleMessages}
        onChange={onChange}
      />
    </li>
  );
}
