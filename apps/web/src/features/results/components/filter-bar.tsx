import { useId, useState, type FormEvent } from 'react';
import { Filter, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  isLanguageFilter,
  logicOperatorsFor,
  questionTypeIs,
  RESULTS_FILTER_LIMITS,
  type LogicOperator,
  type QuestionResult,
  type ResultsFilterCondition,
} from '@quorum/contract';
import { questionLabel } from '@/lib/question-label';
import { questionResultOf } from '@/question-types/results';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { languageName } from '@/lib/language-names';
import { needsValue, operatorLabel } from '@/lib/logic-operators';
import { describeCondition, withLanguageFilter, type FilterState } from '../lib/results-filter';

/**
 * What a condition is about: a question (by id), a hidden field (by name) or the language a response was given in,
 * as one select's value.
 */
type Target = { kind: 'question'; question: QuestionResult } | { kind: 'hidden'; name: string } | { kind: 'language' };

/** The target select's value of the language condition (question ids and hidden fields have a prefix of their own). */
const LANGUAGE_TARGET = 'language';

/** The options a choice question's answer can be compared with: its options, without "Other" (a free text). */
function optionsOf(question: QuestionResult): string[] {
  if (!questionTypeIs(question.type, 'choice')) return [];
  return question.statistics
    .map((s) => s.answer)
    .filter((answer, index, all) => !(question.allowOther && answer === 'Other' && index === all.lastIndexOf('Other')));
}

/**
 * The filter bar above the results: a date range, "answered X to Q", hidden-field and (for a survey in several
 * languages) language conditions, all of which must hold, "Hide flagged" and "Clear filters". Every change goes to
 * the address at once, and from there to the requests.
 */
export function FilterBar({
  state,
  questions,
  hiddenFields,
  languages = [],
  onChange,
  onClear,
  active,
}: {
  state: FilterState;
  /** The survey's questions as the results list them (deleted ones are not offered). */
  questions: readonly QuestionResult[];
  hiddenFields: readonly string[];
  /** The survey's languages, default first: a language condition is offered when there are several. */
  languages?: readonly string[];
  onChange: (next: FilterState) => void;
  onClear: () => void;
  active: boolean;
}) {
  const { t } = useTranslation('results');
  const headingId = useId();
  const hideId = useId();
  const hideHintId = useId();
  const full = state.conditions.length >= RESULTS_FILTER_LIMITS.filters;

  const remove = (index: number) =>
    onChange({ ...state, conditions: state.conditions.filter((_, at) => at !== index) });

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-card border border-slate-200 bg-white px-4 py-4 shadow-card sm:px-5 print:hidden"
      data-testid="filter-bar"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Filter className="size-4 text-slate-500" aria-hidden="true" />
          {t('filter.heading')}
        </h2>
        {active && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X className="size-4" aria-hidden="true" />
            {t('filter.clear')}
          </Button>
        )}
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('filter.from')} className="w-full sm:w-auto">
          {({ id }) => (
            <Input
              id={id}
              type="date"
              className="sm:w-44"
              value={state.from ?? ''}
              max={state.to ?? undefined}
              onChange={(e) => onChange({ ...state, from: e.target.value || null })}
            />
          )}
        </Field>
        <Field label={t('filter.to')} className="w-full sm:w-auto">
          {({ id }) => (
            <Input
              id={id}
              type="date"
              className="sm:w-44"
              value={state.to ?? ''}
              min={state.from ?? undefined}
              onChange={(e) => onChange({ ...state, to: e.target.value || null })}
            />
          )}
        </Field>
        <div className="flex min-h-10 items-center gap-2.5">
          <input
            id={hideId}
            type="checkbox"
            checked={state.hideFlagged}
            aria-describedby={hideHintId}
            onChange={(e) => onChange({ ...state, hideFlagged: e.target.checked })}
            className="size-4 shrink-0 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          />
          <label htmlFor={hideId} className="text-sm font-medium text-slate-800">
            {t('filter.hideFlagged')}
          </label>
          <span id={hideHintId} className="sr-only">
            {t('filter.hideFlaggedHint')}
          </span>
        </div>
      </div>

      {state.conditions.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('filter.activeConditions')}>
          {state.conditions.map((condition, index) => {
            const words = describeCondition(condition, questions);
            return (
              <li
                key={`${index}:${JSON.stringify(condition)}`}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-50 py-1 ps-3 pe-1 text-sm text-accent-800"
              >
                <span className="min-w-0 break-words">{words}</span>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={t('filter.remove', { condition: words })}
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-accent-700 hover:bg-accent-100"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <ConditionForm
        questions={questions}
        hiddenFields={hiddenFields}
        languages={languages.length > 1 ? languages : []}
        full={full}
        onAdd={(condition) =>
          onChange(
            isLanguageFilter(condition)
              ? withLanguageFilter(state, condition.language)
              : { ...state, conditions: [...state.conditions, condition] },
          )
        }
      />
    </section>
  );
}

/** The row that adds one condition: what (a question or a hidden field), the comparison and the value. */
function ConditionForm({
  questions,
  hiddenFields,
  languages,
  full,
  onAdd,
}: {
  questions: readonly QuestionResult[];
  hiddenFields: readonly string[];
  /** Offered as a language condition when not empty. */
  languages: readonly string[];
  full: boolean;
  onAdd: (condition: ResultsFilterCondition) => void;
}) {
  const { t } = useTranslation('results');
  const [targetKey, setTargetKey] = useState('');
  const [operator, setOperator] = useState<LogicOperator | ''>('');
  const [value, setValue] = useState('');
  const current = questions.map((q, index) => ({ q, number: index + 1 })).filter(({ q }) => !q.isDeleted);

  const target: Target | null = targetKey.startsWith('q:')
    ? (() => {
        const question = questions.find((q) => q.id === targetKey.slice(2));
        return question ? { kind: 'question' as const, question } : null;
      })()
    : targetKey.startsWith('h:')
      ? { kind: 'hidden', name: targetKey.slice(2) }
      : targetKey === LANGUAGE_TARGET && languages.length > 0
        ? { kind: 'language' }
        : null;
  const operators = target?.kind === 'question' ? logicOperatorsFor(target.question.type) : [];
  const chosenOperator: LogicOperator | null =
    target?.kind === 'question' ? (operators.find((o) => o === operator) ?? operators[0] ?? null) : null;
  const wantsValue =
    target?.kind === 'hidden' || target?.kind === 'language' || (chosenOperator !== null && needsValue(chosenOperator));
  const ready = target !== null && (!wantsValue || value.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || full || !target) return;
    if (target.kind === 'hidden') {
      onAdd({ hiddenField: target.name, value });
    } else if (target.kind === 'language') {
      onAdd({ language: value });
    } else if (chosenOperator) {
      const numeric = questionTypeIs(target.question.type, 'numeric') && Number.isFinite(Number(value));
      onAdd(
        needsValue(chosenOperator)
          ? { questionId: target.question.id, operator: chosenOperator, value: numeric ? Number(value) : value.trim() }
          : { questionId: target.question.id, operator: chosenOperator },
      );
    }
    setValue('');
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('filter.addCondition')}>
      <Field label={t('filter.answered')} className="w-full sm:w-64">
        {({ id }) => (
          <Select
            id={id}
            value={targetKey}
            onChange={(e) => {
              setTargetKey(e.target.value);
              setOperator('');
              setValue('');
            }}
          >
            <option value="">{t('filter.chooseQuestion')}</option>
            <optgroup label={t('filter.questions')}>
              {current.map(({ q, number }) => (
                <option key={q.id} value={`q:${q.id}`}>
                  {questionLabel(number, q.text)}
                </option>
              ))}
            </optgroup>
            {hiddenFields.length > 0 && (
              <optgroup label={t('filter.hiddenFields')}>
                {hiddenFields.map((name) => (
                  <option key={name} value={`h:${name}`}>
                    {t('filter.hiddenFieldOption', { name })}
                  </option>
                ))}
              </optgroup>
            )}
            {languages.length > 0 && (
              <optgroup label={t('languages.heading')}>
                <option value={LANGUAGE_TARGET}>{t('languages.filterOption')}</option>
              </optgroup>
            )}
          </Select>
        )}
      </Field>
      {target?.kind === 'question' && (
        <Field label={t('filter.conditionLabel')} className="w-full sm:w-48">
          {({ id }) => (
            <Select id={id} value={chosenOperator ?? ''} onChange={(e) => setOperator(e.target.value as LogicOperator)}>
              {operators.map((o) => (
                <option key={o} value={o}>
                  {operatorLabel(o)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {target && wantsValue && (
        <Field label={t('filter.value')} className="w-full sm:w-56">
          {({ id }) => <ValueControl id={id} target={target} languages={languages} value={value} onChange={setValue} />}
        </Field>
      )}
      <Button
        type="submit"
        variant="secondary"
        disabled={!ready || full}
        disabledReason={
          full
            ? t('filter.atMost', { count: RESULTS_FILTER_LIMITS.filters })
            : !target
              ? t('filter.chooseQuestionFirst')
              : !ready
                ? t('filter.enterValueFirst')
                : null
        }
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('filter.add')}
      </Button>
    </form>
  );
}

/** The value of a condition as its question takes it: an option, a number, a date or a text; or a language. */
function ValueControl({
  id,
  target,
  languages,
  value,
  onChange,
}: {
  id: string;
  target: Target;
  languages: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('results');
  if (target.kind === 'language') {
    return (
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('languages.chooseLanguage')}</option>
        {languages.map((language) => (
          <option key={language} value={language}>
            {languageName(language)}
          </option>
        ))}
      </Select>
    );
  }
  if (target.kind === 'question') {
    const question = target.question;
    const options = optionsOf(question);
    if (options.length > 0) {
      return (
        <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('filter.chooseOption')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      );
    }
    if (questionTypeIs(question.type, 'numeric')) {
      const scale = questionResultOf(question.type).valueBounds?.(question);
      return (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step="any"
          min={scale?.min}
          max={scale?.max}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    if (questionTypeIs(question.type, 'date')) {
      return <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
    }
  }
  return (
    <Input
      id={id}
      type="text"
      maxLength={RESULTS_FILTER_LIMITS.value}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
