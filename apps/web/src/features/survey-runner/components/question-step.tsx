import { isRequired } from '@quorum/contract';
import { forwardRef, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, Question } from '@quorum/contract';
import { directionOf } from '@/i18n/languages';
import { questionRunnerOf } from '@/question-types/runner';
import { idList } from '@/question-types/shared/answer-controls';
import { shuffled } from '@/question-types/shared/shuffle';

/** The language of the survey's own texts, as `lang` and `dir` attributes. */
export interface ContentLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

interface QuestionStepProps {
  question: Question;
  /** 1-based position on the respondent's path, for the visible label. */
  position: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** The respondent's seed: a question in random order shows its options in the order it gives. */
  seed: string;
  /** Why the answer cannot be sent as it stands, once the respondent tried to go on. */
  problem: string | null;
  /** The survey's language, when it says one: the question is in it, the page's own words keep the interface's. */
  content?: ContentLanguage | undefined;
}

/**
 * One question as a labelled group: a fieldset whose legend holds the question as a heading (the
 * heading takes focus on each step), "Optional" beside it when it may be skipped, and its help text
 * under it, which describes the group and its input. The ref is the heading's.
 */
export const QuestionStep = forwardRef<HTMLHeadingElement, QuestionStepProps>(function QuestionStep(
  { question, position, value, onChange, seed, problem, content },
  headingRef,
) {
  const { t, i18n } = useTranslation('runner');
  // Inside a question in the survey's language, the interface's words say theirs.
  const language = i18n.resolvedLanguage ?? i18n.language;
  const own = content && { lang: language, dir: directionOf(language) };
  const id = useId();
  const headingId = `${id}-q`;
  const descriptionId = question.description ? `${id}-d` : undefined;
  const problemId = problem ? `${id}-p` : undefined;
  const describedBy = idList(descriptionId, problemId);
  const randomOrder = 'randomizeOptions' in question && question.randomizeOptions === true;
  const key = `${seed}:${question.id}`;
  const arrange = useCallback(
    <I,>(items: readonly I[]): I[] => (randomOrder ? shuffled(items, key) : [...items]),
    [randomOrder, key],
  );
  // The answer's input is the type's runner part.
  const { Input } = questionRunnerOf(question);
  return (
    <fieldset {...content} className="min-w-0" aria-describedby={describedBy}>
      <legend className="mb-5 w-full">
        <span {...own} className="mb-1 block text-sm font-medium text-accent-700">
          {t('question.position', { position })}
        </span>
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-xl leading-snug font-semibold text-pretty break-words text-slate-900 sm:text-2xl"
        >
          {question.text}
          {!isRequired(question) && ' '}
          {!isRequired(question) && (
            <span
              {...own}
              className="ms-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 align-middle text-sm font-medium text-slate-600"
            >
              {t('question.optional')}
            </span>
          )}
        </h2>
      </legend>
      {question.description && (
        <p id={descriptionId} className="-mt-3 mb-5 text-base whitespace-pre-line break-words text-slate-600">
          {question.description}
        </p>
      )}
      <Input
        question={question}
        name={id}
        headingId={headingId}
        value={value}
        onChange={onChange}
        describedBy={describedBy}
        invalid={problem !== null}
        arrange={arrange}
      />
      {problem && (
        <p {...own} id={problemId} role="alert" className="mt-3 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
});
