import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  answerFor,
  isAnswered,
  isRequired,
  nextQuestion,
  previousQuestion,
  questionPath,
  withAnswer,
  type AnswerValue,
  type PublicSurvey,
  type Question,
} from '@quorum/contract';
import { answerProblem, readyAnswers, withoutAnswer } from '../answer-state';
import type { Progress } from './saved-progress';

interface QuestionFlowOptions {
  survey: PublicSurvey;
  progress: Progress;
  setProgress: (update: (progress: Progress) => Progress) => void;
  /** Whether the welcome screen is shown: leaving it moves the focus like a step does. */
  welcomeShown: boolean;
  submitting: boolean;
  clearSubmitError: () => void;
  sendResponse: (
    walked: readonly Question[],
    counted: Record<string, AnswerValue>,
    hiddenFields: Record<string, string>,
  ) => Promise<void>;
  /** The shown question's heading, focused after each step. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * Where the respondent is and where they may go: the question shown, its place on the path the answers choose (the
 * contract's question flow, the same the server checks against), and the moves (next, previous, skip, submit). Only
 * answers that can be sent count: the flow follows them, the progress counts them, the submit sends them. Focus
 * moves to the new question's heading on each step and past the welcome (not on the first render).
 */
export function useQuestionFlow(options: QuestionFlowOptions) {
  const { survey, progress, setProgress, welcomeShown, submitting, clearSubmitError, sendResponse, headingRef } =
    options;
  const [problem, setProblem] = useState<string | null>(null);
  const stepped = useRef(false);

  const { index, answers } = progress;
  const questions = survey.questions;
  const ready = readyAnswers(questions, answers);
  const path = questionPath(questions, ready);
  const question: Question | undefined = questions[index];
  const next = question ? nextQuestion(questions, ready, question.id) : null;
  const previous = question ? previousQuestion(questions, ready, question.id) : null;
  const value = question ? answerFor(answers, question.id) : undefined;
  const started = isAnswered(value);
  const optional = question ? !isRequired(question) : false;

  useEffect(() => {
    if (stepped.current) headingRef.current?.focus();
  }, [index, welcomeShown, headingRef]);

  const start = () => {
    stepped.current = true;
    setProgress((p) => ({ ...p, started: true }));
  };

  const goTo = (to: number) => {
    stepped.current = true;
    clearSubmitError();
    setProblem(null);
    setProgress((p) => ({ ...p, index: to }));
  };

  const setAnswer = (questionId: string, answer: AnswerValue) => {
    setProblem(null);
    setProgress((p) => ({ ...p, answers: withAnswer(p.answers, questionId, answer) }));
  };

  // Sends the answers on the path the answers choose, and nothing for the questions off it.
  const submit = async (all: Record<string, AnswerValue> = answers) => {
    const counted = readyAnswers(questions, all);
    const walked = questionPath(questions, counted);
    const open = walked.find((q) => isRequired(q) && answerFor(counted, q.id) === undefined);
    if (open) return goTo(questions.indexOf(open));
    await sendResponse(walked, counted, progress.hiddenFields);
  };

  // Moves on from an optional question without its answer: a partial answer is cleared, so it is never sent.
  const skip = () => {
    if (!question || submitting) return;
    const cleared = withoutAnswer(answers, question.id);
    setProgress((p) => ({ ...p, answers: withoutAnswer(p.answers, question.id) }));
    const after = nextQuestion(questions, readyAnswers(questions, cleared), question.id);
    if (after === null) void submit(cleared);
    else goTo(questions.indexOf(after));
  };

  const advance = () => {
    if (!question || submitting) return;
    if (!started) {
      if (optional) skip();
      return;
    }
    const why = answerProblem(question, value);
    if (why) {
      setProblem(why);
      return;
    }
    if (next === null) void submit();
    else goTo(questions.indexOf(next));
  };

  const back = () => {
    if (previous) goTo(questions.indexOf(previous));
  };

  return {
    question,
    value,
    problem,
    /** The question's place on the path, and the path's length. */
    position: question ? path.indexOf(question) + 1 : 0,
    total: path.length,
    answeredCount: path.filter((q) => answerFor(ready, q.id) !== undefined).length,
    started,
    optional,
    isLast: next === null,
    hasPrevious: previous !== null,
    start,
    setAnswer,
    skip,
    advance,
    back,
  };
}
