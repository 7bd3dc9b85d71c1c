import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SURVEY_LANGUAGE, type PublicSurvey, type SubmitResponseBody } from '@quorum/contract';
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
import { useQuestionFlow } from '../hooks/use-question-flow';
import { useResponseSubmit } from '../hooks/use-response-submit';
import { formatOpening } from '../lib/opening-time';
import { hasResponded, markResponded } from '../lib/respondent';
import { rememberThankYou } from '../lib/thank-you-handoff';
import { followSurveyLanguage, useInterfaceFollows } from '../lib/follow-survey-language';
import { addressInLanguage, langIsHiddenField, rememberLanguage } from '../lib/survey-language';
import { PublicFrame } from './public-frame';
import { QuestionStep, type ContentLanguage } from './question-step';
import { RunnerProgress } from './runner-progress';
import { StepActions } from './step-actions';
import { SurveyBranding } from './survey-branding';
import { SurveyLanguageSwitcher } from './survey-language-switcher';
import { WelcomeScreen } from './welcome-screen';

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
  const welcome = survey.welcome && !progress.started ? survey.welcome : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const flow = useQuestionFlow({
    survey,
    progress,
    setProgress,
    welcomeShown: welcome !== null,
    submitting,
    clearSubmitError,
    sendResponse,
    headingRef,
  });
  const { question } = flow;
  useFunnel({
    live,
    surveyId: survey.surveyId,
    kept: progress.visit,
    keep: keepVisit,
    shownId: welcome ? null : question?.id,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flow.advance();
  };

  // Enter without Shift acts as Next or Submit, also in the text area (Shift+Enter gives a new line).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (event.target instanceof Element && event.target.closest('button, a')) return;
    event.preventDefault();
    flow.advance();
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

  if (welcome) {
    return (
      <div className="space-y-5">
        <SurveyBranding imageUrl={survey.brandingImageUrl} />
        <WelcomeScreen welcome={welcome} content={content} onStart={flow.start} />
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <SurveyBranding imageUrl={survey.brandingImageUrl} />
      <h1 {...content} className="text-center text-lg font-semibold text-balance text-slate-700 sm:text-xl">
        {survey.title}
      </h1>
      <RunnerProgress position={flow.position} total={flow.total} answered={flow.answeredCount} />

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
          position={flow.position}
          value={flow.value}
          onChange={(answer) => flow.setAnswer(question.id, answer)}
          seed={progress.seed}
          problem={flow.problem}
          content={content}
        />

        {submitError !== null && (
          <Banner tone="error" title={t('contract:public.submitFailed')} className="mt-6">
            {submitError.message ? `${submitError.message}. ` : ''}
            {submitError.retry && t('runner.answersKept')}
          </Banner>
        )}

        <StepActions
          hasPrevious={flow.hasPrevious}
          optional={flow.optional}
          started={flow.started}
          isLast={flow.isLast}
          submitting={submitting}
          onPrevious={flow.back}
          onSkip={flow.skip}
        />
      </form>
    </div>
  );
}
