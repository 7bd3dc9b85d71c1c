import { forwardRef, useId } from 'react';
import type { AnswerValue, Question } from '@quorum/contract';
import { questionRunnerOf } from '@/question-types/runner';

interface QuestionStepProps {
  question: Question;
  /** 1-based position, for the visible label. */
  position: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
}

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
  // The answer's input is the type's runner part.
  const { Input } = questionRunnerOf(question);
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
      <Input question={question} name={id} headingId={headingId} value={value} onChange={onChange} />
    </fieldset>
  );
});
