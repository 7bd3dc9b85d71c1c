import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicSurvey } from '@quorum/contract';
import { ApiError } from '@/lib/api-client';
import { getPublicSurvey } from '../api/get-public-survey';
import { savedLanguage } from './saved-progress';
import { askedLanguage, langIsHiddenField, linkLanguage, rememberedLanguage } from '../lib/survey-language';

export type PublicSurveyState =
  | { status: 'loading' }
  /** answeredIn: the survey in the language of the answers saved in this browser, when it is shown in another. */
  | { status: 'ready'; survey: PublicSurvey; answeredIn?: PublicSurvey | undefined }
  /** notFound: the server said 404 (unknown, or not active). */
  | { status: 'error'; notFound: boolean };

/**
 * The survey in the language wanted: the public link's `?lang=`, else the one remembered in this browser, else the
 * server's choice. A survey with a hidden field named `lang` keeps the link's value for that field: it is asked for
 * again without it.
 */
async function surveyInLanguageWanted(surveyId: string): Promise<PublicSurvey> {
  const fromLink = linkLanguage(window.location.search);
  const survey = await getPublicSurvey(surveyId, askedLanguage(surveyId, window.location.search));
  if (fromLink === undefined || !langIsHiddenField(survey.hiddenFields)) return survey;
  const remembered = rememberedLanguage(surveyId);
  return remembered === fromLink ? survey : getPublicSurvey(surveyId, remembered);
}

/**
 * The survey, and when this browser saved answers in another of its languages (a link naming another language),
 * the survey in that one too, so they are read in the language shown (without it, options chosen are left out).
 */
async function loadPublicSurvey(surveyId: string): Promise<{ survey: PublicSurvey; answeredIn?: PublicSurvey }> {
  const survey = await surveyInLanguageWanted(surveyId);
  const saved = savedLanguage(surveyId);
  if (saved === undefined || saved === survey.language || !survey.languages.includes(saved)) return { survey };
  const answeredIn = await getPublicSurvey(surveyId, saved).catch(() => undefined);
  return answeredIn?.language === saved ? { survey, answeredIn } : { survey };
}

/** How a switch of language ended: shown, overtaken by a later one, or failed to load (the survey stays as it was). */
export type LanguageSwitch = 'shown' | 'overtaken' | 'failed';

/**
 * Loads the public survey once per id, with a retry for failures other than 404; `switchLanguage` shows it in
 * another of its languages, keeping the one shown until that has arrived.
 */
export function usePublicSurvey(surveyId: string): {
  state: PublicSurveyState;
  retry: () => void;
  switchLanguage: (language: string) => Promise<LanguageSwitch>;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PublicSurveyState & { key: string }>({ status: 'loading', key: '' });
  const key = `${surveyId}#${attempt}`;
  // Only the latest request may show its survey (a slower earlier one arrives too late).
  const latest = useRef(0);

  useEffect(() => {
    let cancelled = false;
    const ticket = ++latest.current;
    loadPublicSurvey(surveyId).then(
      (loaded) => !cancelled && ticket === latest.current && setState({ status: 'ready', ...loaded, key }),
      (error: unknown) =>
        !cancelled && setState({ status: 'error', notFound: error instanceof ApiError && error.status === 404, key }),
    );
    return () => {
      cancelled = true;
    };
  }, [surveyId, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const switchLanguage = useCallback(
    async (language: string): Promise<LanguageSwitch> => {
      const ticket = ++latest.current;
      let survey: PublicSurvey;
      try {
        survey = await getPublicSurvey(surveyId, language);
      } catch {
        return ticket === latest.current ? 'failed' : 'overtaken';
      }
      if (ticket !== latest.current) return 'overtaken';
      setState({ status: 'ready', survey, key });
      return 'shown';
    },
    [surveyId, key],
  );

  // Until this id's answer arrives, the state is loading (no stale survey after the id changes).
  return { state: state.key === key ? state : { status: 'loading' }, retry, switchLanguage };
}
