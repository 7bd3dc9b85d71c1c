import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Survey, SurveySummary } from '@quorum/contract';
import { currentLanguage } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-client';
import { useErrorBanner } from '@/lib/error-banner';
import { useChangeSurveyState } from '../api/change-survey-state';
import { useDuplicateSurvey } from '../api/duplicate-survey';
import { STATE_ACTION_KEYS, type StateAction } from '../lib/survey-sections';

export interface SurveyActions {
  /** The state change being sent, and for which survey. */
  pending: { surveyId: string; label: StateAction['label'] } | null;
  /** What screen readers are told of the last state change done. */
  announcement: string;
  onAction: (survey: SurveySummary, action: StateAction) => void;
  /** The survey whose deletion waits for a confirmation. */
  toDelete: SurveySummary | null;
  deleting: boolean;
  confirmDelete: () => void;
  cancelDelete: () => void;
  /** The survey a duplicate is being made of. */
  duplicatingId: string | null;
  onDuplicate: (survey: SurveySummary) => void;
  /** The copy last made, until its notice is closed. */
  copy: Survey | null;
  dismissCopy: () => void;
  /** The survey whose share dialog is open. */
  sharing: SurveySummary | null;
  share: (survey: SurveySummary | null) => void;
}

/**
 * What the cards' buttons do: state changes (Delete asks first), Duplicate and Share. A state change is
 * announced to screen readers, a failure shown in the error banner. The copy made by Duplicate is a new draft:
 * it is announced with a link to its editor and, once the list shows it, opened (`expandCard`) and marked there.
 */
export function useSurveyActions(expandCard: (surveyId: string) => void): SurveyActions {
  const { t } = useTranslation('dashboard');
  const { showError } = useErrorBanner();
  const changeState = useChangeSurveyState();
  const duplicate = useDuplicateSurvey();
  const [pending, setPending] = useState<SurveyActions['pending']>(null);
  const [toDelete, setToDelete] = useState<SurveySummary | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [duplicatingId, setDuplicatingId] = useState<string | null>(null);
  const [copy, setCopy] = useState<Survey | null>(null);
  const [sharing, setSharing] = useState<SurveySummary | null>(null);

  const runAction = (survey: SurveySummary, action: StateAction) => {
    setPending({ surveyId: survey.surveyId, label: action.label });
    changeState.mutate(
      { surveyId: survey.surveyId, state: action.target },
      {
        onSuccess: (data) =>
          setAnnouncement(
            // The server words its confirmation in English; another language says it in its own words.
            (currentLanguage() === 'en' && data.message) ||
              t('page.actionDone', { title: survey.title, action: t(STATE_ACTION_KEYS[action.label]) }),
          ),
        onError: (error) => showError(errorMessage(error, t('page.stateChangeFailed'))),
        onSettled: () => {
          setPending(null);
          setToDelete(null);
        },
      },
    );
  };

  const onDuplicate = (survey: SurveySummary) => {
    setDuplicatingId(survey.surveyId);
    duplicate.mutate(survey.surveyId, {
      onSuccess: (created) => {
        setCopy(created);
        expandCard(created.surveyId);
      },
      onError: (error) => showError(errorMessage(error, t('page.duplicateFailed'))),
      onSettled: () => setDuplicatingId(null),
    });
  };

  return {
    pending,
    announcement,
    onAction: (survey, action) => {
      if (action.label === 'Delete') setToDelete(survey);
      else runAction(survey, action);
    },
    toDelete,
    deleting: changeState.isPending,
    confirmDelete: () => {
      if (toDelete) runAction(toDelete, { label: 'Delete', target: 'deleted', activates: false });
    },
    cancelDelete: () => setToDelete(null),
    duplicatingId,
    onDuplicate,
    copy,
    dismissCopy: () => setCopy(null),
    sharing,
    share: setSharing,
  };
}
