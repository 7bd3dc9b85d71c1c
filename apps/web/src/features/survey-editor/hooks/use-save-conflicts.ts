import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Survey } from '@quorum/contract';
import { i18n } from '@/i18n/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { surveyQueryOptions } from '../api/get-survey';
import type { SaveConflict } from '../components/conflict-dialog';
import { draftFromSurvey, type SurveyDraft } from '../lib/editor-model';
import { SERVER_ERROR } from '../lib/form-errors';

/** The save the server refused because someone else saved the survey since it was loaded, if it is one. */
export function conflictOf(error: unknown): SaveConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'SURVEY_VERSION_CONFLICT') return null;
  const { version, updatedBy, updatedAt } = error.params;
  return {
    version: typeof version === 'number' ? version : null,
    updatedBy: typeof updatedBy === 'string' && updatedBy ? updatedBy : i18n.t('editor:form.someoneElse'),
    updatedAt: typeof updatedAt === 'string' && updatedAt ? updatedAt : null,
  };
}

interface SaveConflictsOptions {
  /** The survey edited; null while a new one is made (nothing to conflict with). */
  survey: Survey | null;
  form: UseFormReturn<SurveyDraft>;
  /** The form's starting point becomes their version once it is loaded. */
  setBaseline: (draft: SurveyDraft) => void;
  announce: (message: string) => void;
}

/**
 * No lost edits: the survey's version the form's changes apply to (the loaded one, then each save's, or theirs
 * once kept over), and the choice offered when a save is refused because someone else saved in between: load
 * their version, or keep the form's and replace theirs with the next save.
 */
export function useSaveConflicts({ survey, form, setBaseline, announce }: SaveConflictsOptions) {
  const { t } = useTranslation('editor');
  const queryClient = useQueryClient();
  // The survey's version this form's changes apply to: the loaded one, then each save's, or theirs once kept over.
  const version = useRef(survey?.version);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [loadingTheirs, setLoadingTheirs] = useState(false);
  /** Who saved the version the next save replaces, after "Keep my changes". */
  const [overwriting, setOverwriting] = useState<string | null>(null);

  /** The survey as stored now, read again (their version). */
  const fetchStored = (surveyId: string) => queryClient.fetchQuery({ ...surveyQueryOptions(surveyId), staleTime: 0 });

  /** "Load their version": the form shows the stored survey and forgets its own changes. */
  const onLoadTheirs = async () => {
    if (!survey) return;
    setLoadingTheirs(true);
    try {
      const stored = await fetchStored(survey.surveyId);
      const theirs = draftFromSurvey(stored);
      version.current = stored.version;
      setBaseline(theirs);
      form.reset(theirs);
      setOverwriting(null);
      announce(t('form.theirsLoaded'));
    } catch (error) {
      form.setError(SERVER_ERROR, { type: 'server', message: errorMessage(error, t('page.loadFailed')) });
    } finally {
      setLoadingTheirs(false);
      setConflict(null);
    }
  };

  /** "Keep my changes": the form stays as it is and the next save names their version, so it replaces it. */
  const onKeepMine = async () => {
    if (!survey || !conflict) return;
    const kept = conflict;
    setConflict(null);
    setOverwriting(kept.updatedBy);
    if (kept.version !== null) {
      version.current = kept.version;
      return;
    }
    try {
      version.current = (await fetchStored(survey.surveyId)).version;
    } catch {
      // The next save is refused again and asks again.
    }
  };

  return {
    conflict,
    loadingTheirs,
    overwriting,
    /** The version the next save names, if it names one. */
    version: () => version.current,
    /** A save went through: the next one applies to the version it answered. */
    onSaved: (stored: number) => {
      version.current = stored;
      setOverwriting(null);
    },
    /** A save was refused as `refused`: the dialog asks what to do. */
    onRefused: (refused: SaveConflict) => setConflict(refused),
    onLoadTheirs,
    onKeepMine,
  };
}

export type SaveConflicts = ReturnType<typeof useSaveConflicts>;
