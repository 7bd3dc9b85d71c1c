import { forwardRef, useId } from 'react';
import { SLIDER_LABELS, type AnswerValue, type Question, type RatingQuestion } from '@quorum/contract';
import { cn } from '@/components/ui/cn';

interface QuestionStepProps {
  question: Question;
  /** 1-based position, for the visible label. */
  position: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
}

const optionRow =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-slate-300 bg-white px-4 py-3 text-base text-slate-800 transition-colors hover:border-slate-400 hover:bg-slate-50 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:checked]:text-slate-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600';
const nativeControl = 'size-5 shrink-0 accent-accent-600 focus-visible:outline-none';

/**
 * One question as a labelled group: a fieldset whose legend holds the question as a heading (the
 * heading takes focus on each step). The ref is the heading's.
 */
export const QuestionStep = forwardRef<HTMLHeadingElement, QuestionStepProps>(function QuestionStep(
  { question, position, value, onChange },
  headingRef,
) {
  const id = useId();
  const headingId = `${id}-q`;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-5 w-full">
        <span className="mb-1 block text-sm font-medium text-accent-700">Question {position}</span>
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-xl leading-snug font-semibold text-pretty break-words text-slate-900 sm:text-2xl"
        >
          {question.text}
        </h2>
      </legend>
      {question.type === 'multiple_choice' && (
        <div className="grid gap-3">
          {question.options.map((option) => (
            <label key={option} className={optionRow}>
              <input
                type="radio"
                name={id}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                className={nativeControl}
              />
              <span className="break-words">{option}</span>
            </label>
          ))}
        </div>
      )}
      {question.type === 'checkbox' && (
        <div className="grid gap-3">
          <p className="-mt-2 text-sm text-slate-600">Choose all that apply.</p>
          {question.options.map((option) => {
            const picked = Array.isArray(value) ? value : [];
            return (
              <label key={option} className={optionRow}>
                <input
                  type="checkbox"
                  value={option}
                  checked={picked.includes(option)}
                  onChange={(event) =>
                    onChange(question.options.filter((o) => (o === option ? event.target.checked : picked.includes(o))))
                  }
                  className={cn(nativeControl, 'rounded')}
                />
                <span className="break-words">{option}</span>
              </label>
            );
          })}
        </div>
      )}
      {question.type === 'text' && (
        <>
          <textarea
            rows={4}
            aria-labelledby={headingId}
            aria-describedby={`${id}-hint`}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            maxLength={5000}
            className="block w-full resize-y rounded-control border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600/30"
            placeholder="Type your answer"
          />
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-600">
            Press Enter to continue, Shift+Enter for a new line.
          </p>
        </>
      )}
      {question.type === 'rating' &&
        (question.ratingScale.max === 10 ? (
          <RatingSlider question={question} headingId={headingId} value={value} onChange={onChange} />
        ) : (
          <RatingChoices question={question} name={id} value={value} onChange={onChange} />
        ))}
    </fieldset>
  );
});

function ratingValues(question: RatingQuestion): number[] {
  const values: number[] = [];
  for (let v = question.ratingScale.min; v <= question.ratingScale.max; v += 1) values.push(v);
  return values;
}

/** A five-point scale: radio options with their per-value labels. */
function RatingChoices({
  question,
  name,
  value,
  onChange,
}: {
  question: RatingQuestion;
  name: string;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-5 sm:gap-2">
      {ratingValues(question).map((v) => {
        const label = question.ratingScale.labels[String(v)];
        return (
          <label
            key={v}
            className={cn(
              optionRow,
              'sm:min-h-24 sm:flex-col sm:justify-center sm:gap-1 sm:px-2 sm:text-center sm:[&>input]:sr-only',
            )}
          >
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className={nativeControl}
            />
            <span className="text-lg font-semibold tabular-nums">{v}</span>
            {label && <span className="text-sm text-slate-600 sm:text-xs">{label}</span>}
          </label>
        );
      })}
    </div>
  );
}

/** A ten-point scale: a slider labelled at 1, 5 and 10. Unanswered until moved or tapped. */
function RatingSlider({
  question,
  headingId,
  value,
  onChange,
}: {
  question: RatingQuestion;
  headingId: string;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  const { min, max } = question.ratingScale;
  const answered = typeof value === 'number';
  const current = answered ? value : Math.round((min + max) / 2);
  const labelOf = (v: number) => SLIDER_LABELS.find(([at]) => at === v)?.[1];
  const id = useId();
  return (
    <div>
      <p className="mb-4 text-center text-3xl font-semibold tabular-nums text-slate-900" aria-hidden="true">
        {answered ? value : '–'}
      </p>
      <input
        type="range"
        min={min}
        max={max}
        step={1}
        value={current}
        aria-labelledby={headingId}
        aria-describedby={`${id}-hint`}
        aria-valuetext={answered ? (labelOf(current) ?? String(current)) : 'Not rated yet'}
        onChange={(event) => onChange(Number(event.target.value))}
        onPointerUp={(event) => onChange(Number(event.currentTarget.value))}
        className={cn('h-8 w-full cursor-pointer accent-accent-600', !answered && 'opacity-60')}
      />
      <div className="mt-2 grid grid-cols-3 text-xs text-slate-600 sm:text-sm" aria-hidden="true">
        {SLIDER_LABELS.map(([at, label], i) => (
          <span key={at} className={cn(i === 0 && 'text-left', i === 1 && 'text-center', i === 2 && 'text-right')}>
            {label}
          </span>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-3 text-center text-sm text-slate-600">
        {answered
          ? 'Use the arrow keys or drag to change your rating.'
          : 'Drag the slider or use the arrow keys to rate.'}
      </p>
    </div>
  );
}
