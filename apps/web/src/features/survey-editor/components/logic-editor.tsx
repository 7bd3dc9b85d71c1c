import { useId, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { LIMITS, LOGIC_END, type LogicOperator } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { needsValue, operatorLabel } from '@/lib/logic-operators';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '@/i18n/validation-messages';
import {
  canAddRule,
  describeRule,
  endLabel,
  newRule,
  operatorsFor,
  questionLabel,
  ruleProblems,
  ruleTargets,
  valueKindOf,
  type LogicRuleDraft,
  type QuestionDraft,
  type SurveyDraft,
} from '../lib/editor-model';

/**
 * The skip-logic rules of the question at `index`: each in plain words ("If the answer is No, go to Q5") with its
 * condition, value and target, which is only ever a later question or the end. A rule that a move or a removal
 * left pointing backwards or at nothing says so at once (the save is refused until it is fixed).
 */
export function LogicEditor({
  index,
  question,
  disabled,
  messages,
  onChange,
}: {
  index: number;
  question: QuestionDraft;
  disabled: boolean;
  /** The messages about each rule from the last save (the form's check or the server's). */
  messages: ReadonlyArray<string | undefined>;
  onChange: (next: QuestionDraft) => void;
}) {
  const { t } = useTranslation('editor');
  const { control } = useFormContext<SurveyDraft>();
  const questions = useWatch({ control, name: 'questions' });
  const name = `questions.${index}`;
  const headingId = useId();
  const problems = ruleProblems(questions, index);
  const setRules = (logic: LogicRuleDraft[]) => onChange({ ...question, logic });
  const setRule = (at: number, rule: LogicRuleDraft) => setRules(question.logic.map((r, i) => (i === at ? rule : r)));
  const moveRule = (at: number, direction: -1 | 1) => {
    const logic = [...question.logic];
    const [rule] = logic.splice(at, 1);
    logic.splice(at + direction, 0, rule!);
    setRules(logic);
  };

  return (
    <div role="group" aria-labelledby={headingId} className="mt-5 border-t border-slate-100 pt-4">
      <h4 id={headingId} className="text-sm font-medium text-slate-800">
        {t('logic.heading')}
        <span className="ms-1 text-xs font-normal text-slate-500">{t('logic.headingNote')}</span>
      </h4>
      {question.logic.length > 0 && (
        <ol className="mt-3 space-y-3">
          {question.logic.map((rule, at) => (
            <RuleRow
              key={rule.key}
              name={`${name}.logic.${at}`}
              number={at + 1}
              total={question.logic.length}
              questions={questions}
              index={index}
              question={question}
              rule={rule}
              message={problems.get(rule.key) ?? messages[at]}
              disabled={disabled}
              onChange={(next) => setRule(at, next)}
              onMove={(direction) => moveRule(at, direction)}
              onRemove={() => setRules(question.logic.filter((_, i) => i !== at))}
            />
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={disabled || !canAddRule(question)}
        onClick={() => setRules([...question.logic, newRule(questions, index)])}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('logic.addRule')}
      </Button>
      {!canAddRule(question) && (
        <p className="mt-1 text-xs text-slate-600">{t('logic.tooMany', { max: LIMITS.logicRules })}</p>
      )}
    </div>
  );
}

function RuleRow({
  name,
  number,
  total,
  questions,
  index,
  question,
  rule,
  message,
  disabled,
  onChange,
  onMove,
  onRemove,
}: {
  name: string;
  number: number;
  total: number;
  questions: readonly QuestionDraft[];
  index: number;
  question: QuestionDraft;
  rule: LogicRuleDraft;
  message: string | undefined;
  disabled: boolean;
  onChange: (rule: LogicRuleDraft) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('editor');
  const id = useId();
  const sentenceId = `${id}-sentence`;
  const messageId = `${id}-message`;
  const describedBy = message ? `${sentenceId} ${messageId}` : sentenceId;
  const operators = operatorsFor(question.type, question.required);
  // A condition that no longer fits (the type or "Required" changed) stays visible, with its message.
  const shownOperators: LogicOperator[] = operators.includes(rule.operator) ? operators : [...operators, rule.operator];
  const targets = ruleTargets(questions, index);
  const targetAt = questions.findIndex((q) => q.id !== undefined && q.id === rule.goTo);
  const strayTarget = targets.some((t) => t.value === rule.goTo)
    ? undefined
    : targetAt >= 0
      ? t('logic.notAfter', { label: questionLabel(questions, targetAt) })
      : t('logic.goneOption');
  const label = t('logic.ruleName', { number });

  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-3" aria-label={t('logic.rule', { number })}>
      <p id={sentenceId} className="mb-2 text-sm font-medium text-slate-800">
        {describeRule(questions, rule)}
      </p>
      <div className="grid gap-2 sm:grid-cols-[auto_1fr_1fr_1fr] sm:items-end">
        <span className="hidden pb-2 text-sm text-slate-600 sm:block" aria-hidden="true">
          {t('logic.ifTheAnswer')}
        </span>
        <LabelledControl label={t('logic.condition')} rule={label}>
          {(control) => (
            <Select
              {...control}
              name={`${name}.operator`}
              value={rule.operator}
              aria-describedby={describedBy}
              aria-invalid={Boolean(message) || undefined}
              onChange={(e) => {
                const operator = e.target.value as LogicOperator;
                onChange({ ...rule, operator, value: needsValue(operator) ? rule.value : '' });
              }}
            >
              {shownOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {operatorLabel(operator)}
                </option>
              ))}
            </Select>
          )}
        </LabelledControl>
        {needsValue(rule.operator) ? (
          <LabelledControl label={t('logic.value')} rule={label}>
            {(control) => (
              <ValueInput
                control={control}
                name={`${name}.value`}
                question={question}
                value={rule.value}
                describedBy={describedBy}
                invalid={Boolean(message)}
                onChange={(value) => onChange({ ...rule, value })}
              />
            )}
          </LabelledControl>
        ) : (
          <span aria-hidden="true" className="hidden sm:block" />
        )}
        <LabelledControl label={t('logic.goTo')} rule={label}>
          {(control) => (
            <Select
              {...control}
              name={`${name}.goTo`}
              value={rule.goTo}
              aria-describedby={describedBy}
              aria-invalid={Boolean(message) || undefined}
              onChange={(e) => onChange({ ...rule, goTo: e.target.value })}
            >
              {strayTarget && <option value={rule.goTo}>{strayTarget}</option>}
              {targets.map((target) => (
                <option key={target.value} value={target.value}>
                  {target.value === LOGIC_END ? endLabel() : target.label}
                </option>
              ))}
            </Select>
          )}
        </LabelledControl>
      </div>
      {message && (
        <p id={messageId} className="mt-2 text-sm text-red-700">
          {translateValidationMessage(message)}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          disabled={disabled || number === 1}
          onClick={() => onMove(-1)}
          aria-label={t('logic.moveUpLabel', { rule: label })}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('logic.moveUp')}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          disabled={disabled || number === total}
          onClick={() => onMove(1)}
          aria-label={t('logic.moveDownLabel', { rule: label })}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('logic.moveDown')}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-red-700 hover:bg-red-50"
          disabled={disabled}
          onClick={onRemove}
          aria-label={t('logic.removeLabel', { rule: label })}
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('logic.remove')}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * A small label above its control (the rule's sentence says what the whole row means). The control's name adds
 * which rule it belongs to ("Go to, rule 2"), which the eye reads from the row.
 */
function LabelledControl({
  label,
  rule,
  children,
}: {
  label: string;
  /** Which rule ("rule 2"). */
  rule: string;
  children: (control: RuleControl) => ReactNode;
}) {
  const id = useId();
  const { t } = useTranslation('editor');
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-xs text-slate-600">
        {label}
      </label>
      {children({ id, 'aria-label': t('logic.controlLabel', { label, rule }) })}
    </div>
  );
}

/** What a rule's control needs from its label: its id and its accessible name. */
interface RuleControl {
  id: string;
  'aria-label': string;
}

/** The value a rule compares the answer with: one of the options, a number, a date or a text. */
function ValueInput({
  control,
  name,
  question,
  value,
  describedBy,
  invalid,
  onChange,
}: {
  control: RuleControl;
  name: string;
  question: QuestionDraft;
  value: string;
  describedBy: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('editor');
  const common = {
    ...control,
    name,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  };
  switch (valueKindOf(question.type)) {
    case 'option': {
      const options = [...new Set(question.options.map((o) => o.trim()).filter((o) => o !== ''))];
      return (
        <Select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          {!options.includes(value) && <option value={value}>{value === '' ? t('logic.chooseOption') : value}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      );
    }
    case 'number':
      return <Input {...common} type="number" step="any" value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'date':
      return <Input {...common} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
    default:
      return (
        <Input
          {...common}
          type="text"
          maxLength={LIMITS.text}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
