import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerFor,
  DEFAULT_SURVEY_LANGUAGE,
  isAnswered,
  isRequired,
  nextQuestion,
  previousQuestion,
  questionPath,
  withAnswer,
  type AnswerValue,
  type PublicSurvey,
  type SubmitResponseBody,
} from '@quorum/contract';
import { Banner } from '@/components/ui/banner';
import { ButtonBase as Button } from '@/components/ui/button-base';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { textDirection } from '@/lib/language-names';
import { useDocumentTitle } from '@/lib/use-document-title';
import { submitResponse } from '../api/submit-response';
import { useFunnel } from '../hooks/use-funnel';
import { useHeldProgress } from '../hooks/use-held-progress';
import { usePublicSurvey } from '../hooks/use-public-survey';
import { useResponseSubmit } from '../hooks/use-response-submit';
import { answerProblem, readyAnswers, withoutAnswer } from '../answer-state';
import { formatOpening } from '../lib/opening-time';
import { hasResponded, markResponded } from '../lib/respondent';
import { rememberThankYou } from '../lib/thank-you-handoff';
import { followSurveyLanguage, useInterfaceFollows } from '../lib/follow-survey-language';
import { addressInLanguage, langIsHiddenField, rememberLanguage } from '../lib/survey-language';
import { PublicFrame } from './public-frame';
import { QuestionStep, type ContentLanguage } from './question-step';
import { SurveyLanguageSwitcher } from './survey-language-switcher';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface SurveyRunnerProps {
  projectId: string;
  surveyId: string;
  navigate: Navigate;
}

/** The public survey-taking screen, free of the router so the public page can run without it. */
export function SurveyRunner({ projectId, surveyId, navigate }: SurveyRunnerProps) {
  const { t } = useTranslation('runner');
  const { state, retry, switchLanguage } = usePublicSurvey(surveyId);
  useDocumentTitle(state.status === 'ready' ? state.survey.title : t('runner.documentTitle'));
  const wrongProject = state.status === 'ready' && state.survey.projectId !== projectId;
  const survey = state.status === 'ready' ? state.survey : undefined;
  useInterfaceFollows(survey);
  // The language asked for last, while it loads; a failure keeps the one shown and says so.
  const [pending, setPending] = useState<string | null>(null);
  const [switchFailed, setSwitchFailed] = useState(false);

  // A survey in more than one language is shown in the same one on the next visit (and its saved answers with it).
  const shownLanguage = survey && survey.languages.length > 1 && !wrongProject ? survey.language : undefined;
  useEffect(() => {
    if (shownLanguage !== undefined) rememberLanguage(surveyId, shownLanguage);
  }, [surveyId, shownLanguage]);

  const onSwitch = async (language: string) => {
    if (!survey) return;
    setPending(language);
    setSwitchFailed(false);
    const outcome = await switchLanguage(language);
    if (outcome === 'overtaken') return;
    setPending(null);
    if (outcome === 'failed') {
      setSwitchFailed(true);
      return;
    }
    // The address says the language, so a reload or a copied link shows it (unless `lang` is a hidden field's).
    if (!langIsHiddenField(survey.hiddenFields)) {
      window.history.replaceState(window.history.state, '', addressInLanguage(window.location, language));
    }
    followSurveyLanguage(language, true);
  };

  useEffect(() => {
    if (state.status === 'ready' && wrongProject) {
      // The query goes along: it carries the survey's hidden fields.
      const href = paths.publicSurvey.survey.getHref({ projectId: state.survey.projectId, surveyId });
      navigate(href + window.location.search, { replace: true });
    }
  }, [state, wrongProject, navigate, surveyId]);

  return (
    <PublicFrame
      languageSwitcher={
        survey && survey.languages.length > 1 ? (
          <SurveyLanguageSwitcher
            languages={survey.languages}
            value={pending ?? survey.language}
            onChange={(language) => void onSwitch(language)}
          />
        ) : undefined
      }
    >
      {switchFailed && (
        <Banner tone="error" className="mb-5" onClose={() => setSwitchFailed(false)}>
          {t('language.switchFailed')}
        </Banner>
      )}
      {state.status === 'loading' || wrongProject ? (
        <>
          {/* The page keeps a level-one heading while the survey's own loads. */}
          <h1 className="sr-only">{t('runner.loadingHeading')}</h1>
          <Spinner label={t('runner.loading')} className="min-h-64" />
        </>
      ) : state.status === 'error' ? (
        <LoadFailed notFound={state.notFound} onRetry={retry} />
      ) : (
        <SurveyRun
          key={state.survey.surveyId}
          survey={state.survey}
          answeredIn={state.answeredIn}
          live
          submit={(body) => submitResponse(surveyId, body)}
          onSubmitted={() => {
            rememberThankYou(surveyId, state.survey.thankYou);
            navigate(paths.publicSurvey.thankYou.getHref({ projectId: state.survey.projectId, surveyId }));
          }}
        />
      )}
    </PublicFrame>
  );
}

export interface SurveyRunProps {
  survey: PublicSurvey;
  /** Sends one response: the public page posts it, the preview records nothing. */
  submit: (body: SubmitResponseBody) => Promise<unknown>;
  onSubmitted: () => void;
  /**
   * The live survey: it waits for its opening time, keeps answers and a respondent id in this browser and
   * remembers a response. A preview (live false) runs the same screens and keeps nothing.
   */
  live: boolean;
  /** The survey in the language of the answers saved in this browser, when it is shown in another. */
  answeredIn?: PublicSurvey | undefined;
}

/** One survey from its first screen to its submit: opening time, "already responded", welcome, questions. */
export function SurveyRun({ survey, submit, onSubmitted, live, answeredIn }: SurveyRunProps) {
  const { t } = useTranslation('runner');
  const opensAt = useNotOpenYet(live ? survey.opensAt : null);
  const once = live && survey.oneResponsePerBrowser;
  const [responded, setResponded] = useState(() => once && hasResponded(survey.surveyId));

  const content = contentLanguageOf(survey);
  if (opensAt !== null) {
    return (
      <Notice title={survey.title} content={content}>
        {t('runner.opensOn', { time: formatOpening(opensAt) })}
      </Notice>
    );
  }
  if (responded) {
    return (
      <Notice title={survey.title} content={content}>
        {t('contract:errors.ALREADY_RESPONDED')}
      </Notice>
    );
  }
  return (
    <SurveyForm
      survey={survey}
      answeredIn={answeredIn}
      live={live}
      submit={submit}
      onSubmitted={() => {
        if (once) markResponded(survey.surveyId);
        onSubmitted();
      }}
      onAlreadyResponded={() => {
        markResponded(survey.surveyId);
        setResponded(true);
      }}
    />
  );
}

// setTimeout takes at most 2^31 - 1 ms (about 24.8 days); a later opening is checked again then.
const LONGEST_TIMER = 2_147_483_647;

/** `opensAt` while it is still ahead, null once the survey is open: the page opens by itself on time. */
function useNotOpenYet(opensAt: string | null): string | null {
  const [waiting, setWaiting] = useState(() => opensAt !== null && Date.parse(opensAt) > Date.now());
  // Counts the timer's rounds: an opening further ahead than one timer waits another round.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!waiting || opensAt === null) return;
    const timer = window.setTimeout(
      () => (Date.parse(opensAt) > Date.now() ? setRound((n) => n + 1) : setWaiting(false)),
      Math.min(Date.parse(opensAt) - Date.now() + 100, LONGEST_TIMER),
    );
    return () => window.clearTimeout(timer);
  }, [waiting, opensAt, round]);
  return waiting ? opensAt : null;
}

/**
 * The `lang` and `dir` of the survey's own texts: its language, once the author has said which (a language other
 * than the default one, or more than one language). A survey made before surveys had languages says English
 * whatever it is written in, so its texts keep the page's language as before.
 */
function contentLanguageOf(survey: PublicSurvey): ContentLanguage | undefined {
  if (survey.languages.length < 2 && survey.language === DEFAULT_SURVEY_LANGUAGE) return undefined;
  return { lang: survey.language, dir: textDirection(survey.language) };
}

/** The survey's title and one message, in place of the questions. */
function Notice({ title, content, children }: { title: string; content?: ContentLanguage; children: ReactNode }) {
  return (
    <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card">
      <h1 {...content} className="text-2xl font-semibold text-balance text-slate-900">
        {title}
      </h1>
      <p className="mt-3 text-slate-600">{children}</p>
    </section>
  );
}

/** 'Survey not found' for a missing survey, 'Survey not found or no longer available' when loading fails. */
function LoadFailed({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation('runner');
  return (
    <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card">
      {notFound ? (
        <>
          <h1 className="text-2xl font-semibold text-slate-900">{t('contract:public.notFound')}</h1>
          <p className="mt-3 text-slate-600">
            {t('loadFailed.notFoundText', { unavailable: t('contract:public.unavailable') })}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold text-slate-900">{t('contract:public.unavailable')}</h1>
          <p className="mt-3 text-slate-600">{t('loadFailed.checkConnection')}</p>
          <Button variant="secondary" className="mt-6" onClick={onRetry}>
            {t('loadFailed.tryAgain')}
          </Button>
        </>
      )}
    </section>
  );
}

interface SurveyFormProps {
  survey: PublicSurvey;
  answeredIn?: PublicSurvey | undefined;
  live: boolean;
  submit: (body: SubmitResponseBody) => Promise<unknown>;
  onSubmitted: () => void;
  onAlreadyResponded: () => void;
}

function SurveyForm({ survey, answeredIn, live, submit: send, onSubmitted, onAlreadyResponded }: SurveyFormProps) {
  const { t } = useTranslation('runner');
  const content = contentLanguageOf(survey);
  const { progress, setProgress, keepVisit } = useHeldProgress(survey, answeredIn, live);
  const { submitting, submitError, clearSubmitError, sendResponse } = useResponseSubmit({
    survey,
    live,
    send,
    onSubmitted,
    onAlreadyResponded,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [brandingFailed, setBrandingFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepped = useRef(false);

  const { index, answers, seed } = progress;
  const questions = survey.questions;
  // Only answers that can be sent count: the flow follows them, the progress counts them, the submit sends them.
  const ready = readyAnswers(questions, answers);
  // Where the respondent goes comes from the contract's question flow, the same the server checks against.
  const path = questionPath(questions, ready);
  const total = path.length;
  const question = questions[index];
  const position = question ? path.indexOf(question) + 1 : 0;
  const next = question ? nextQuestion(questions, ready, question.id) : null;
  const previous = question ? previousQuestion(questions, ready, question.id) : null;
  const answeredCount = path.filter((q) => answerFor(ready, q.id) !== undefined).length;
  const value = question ? answerFor(answers, question.id) : undefined;
  const started = isAnswered(value);
  const optional = question ? !isRequired(question) : false;
  const isLast = next === null;

  const welcome = survey.welcome && !progress.started ? survey.welcome : null;

  const shownId = welcome ? null : question?.id;
  useFunnel({ live, surveyId: survey.surveyId, kept: progress.visit, keep: keepVisit, shownId });

  // Focus moves to the new question's heading on each step and past the welcome (not on the first render).
  useEffect(() => {
    if (stepped.current) headingRef.current?.focus();
  }, [index, welcome]);

  const start = () => {
    stepped.current = true;
    setProgress((p) => ({ ...p, started: true }));
  };

  const goTo = (next: number) => {
    stepped.current = true;
    clearSubmitError();
    setProblem(null);
    setProgress((p) => ({ ...p, index: next }));
  };

  const setAnswer = (questionId: string, value: AnswerValue) => {
    setProblem(null);
    setProgress((p) => ({ ...p, answers: withAnswer(p.answers, questionId, value) }));
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    advance();
  };

  // Enter without Shift acts as Next or Submit, also in the text area (Shift+Enter gives a new line).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLElement).closest('button, a')) return;
    event.preventDefault();
    advance();
  };

  if (!question) {
    return (
      <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card">
        <h1 {...content} className="text-2xl font-semibold text-slate-900">
          {survey.title}
        </h1>
        <p className="mt-3 text-slate-600">{t('runner.noQuestions')}</p>
      </section>
    );
  }

  const share = total === 0 ? 0 : Math.round((answeredCount / total) * 100);
  const branding = survey.brandingImageUrl && !brandingFailed && (
    <div className="flex h-16 items-center justify-center">
      <img
        src={survey.brandingImageUrl}
        alt=""
        className="max-h-16 max-w-full object-contain"
        onError={() => setBrandingFailed(true)}
      />
    </div>
  );

  if (welcome) {
    return (
      <div className="space-y-5">
        {branding}
        <section className="rounded-card border border-slate-200 bg-white px-6 py-10 text-center shadow-card sm:px-8">
          <h1 {...content} className="text-display text-balance text-slate-900">
            {welcome.title}
          </h1>
          {welcome.text && (
            <p {...content} className="mx-auto mt-4 max-w-md whitespace-pre-line text-slate-600">
              {welcome.text}
            </p>
          )}
          <Button size="lg" className="mt-8 w-full sm:w-auto sm:min-w-32" onClick={start}>
            {welcome.buttonLabel || t('runner.start')}
          </Button>
        </section>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {branding}
      <h1 {...content} className="text-center text-lg font-semibold text-balance text-slate-700 sm:text-xl">
        {survey.title}
      </h1>

      <div>
        <div className="mb-2 flex items-center justify-between text-sm text-slate-600">
          <p aria-live="polite" aria-atomic="true" className="font-medium">
            {t('progress.position', { position, total })}
          </p>
          <p>
            {answeredCount === total
              ? t('progress.allAnswered')
              : t('progress.answered', { answered: answeredCount, total })}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={t('progress.label')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answeredCount}
          aria-valuetext={t('progress.valueText', { answered: answeredCount, total })}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-accent-600 transition-[width] duration-300 ease-standard"
            style={{ width: `${share}%` }}
          />
        </div>
      </div>

      <form
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        aria-busy={submitting}
        className="rounded-card border border-slate-200 bg-white px-5 py-6 shadow-card sm:px-8 sm:py-8"
      >
        <QuestionStep
          key={question.id}
          ref={headingRef}
          question={question}
          position={position}
          value={value}
          onChange={(value) => setAnswer(question.id, value)}
          seed={seed}
          problem={problem}
          content={content}
        />

        {submitError !== null && (
          <Banner tone="error" title={t('contract:public.submitFailed')} className="mt-6">
            {submitError.message ? `${submitError.message}. ` : ''}
            {submitError.retry && t('runner.answersKept')}
          </Banner>
        )}

        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button
            variant="secondary"
            size="lg"
            onClick={() => previous && goTo(questions.indexOf(previous))}
            disabled={previous === null || submitting}
            className="w-full sm:w-auto"
          >
            {t('runner.previous')}
          </Button>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            {optional && (
              <Button variant="ghost" size="lg" onClick={skip} disabled={submitting} className="w-full sm:w-auto">
                {t('runner.skip')}
              </Button>
            )}
            <Button
              type="submit"
              size="lg"
              disabled={!optional && !started}
              loading={submitting}
              className="w-full sm:w-auto sm:min-w-32"
            >
              {isLast ? t('runner.submit') : t('runner.next')}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
