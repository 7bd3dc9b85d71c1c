import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Survey } from '@quorum/contract';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isTeamSurvey } from '@/lib/survey-people';
import { imageCheckQueryOptions } from '../api/check-image';
import { useCreateSurvey } from '../api/create-survey';
import { useUpdateSurvey } from '../api/update-survey';
import {
  brandingUrlStatus,
  fieldRefFor,
  IMAGE_URL_MESSAGE,
  toSurveyInput,
  type SurveyDraft,
} from '../lib/editor-model';
import { fieldPath, SERVER_ERROR } from '../lib/form-errors';
import { conflictOf, type SaveConflicts } from './use-save-conflicts';

/** After a successful save the form goes to the dashboard after 1.5 seconds. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

/** The dashboard of a workspace: a team one named in the address, the personal one without. */
function dashboardOf(workspaceId: string | undefined): string {
  const dashboard = paths.user.dashboard.getHref();
  return workspaceId ? `${dashboard}?${new URLSearchParams({ workspace: workspaceId }).toString()}` : dashboard;
}

interface SurveySaveOptions {
  /** The survey edited; null while a new one is made. */
  survey: Survey | null;
  /** The workspace a new survey is made in; the caller's personal one when absent. */
  workspaceId: string | undefined;
  form: UseFormReturn<SurveyDraft>;
  /** The message (a key of the `editor` catalog) of a save that failed without the server's reason. */
  failure: string;
  focusField: (path: string) => void;
  conflicts: SaveConflicts;
}

/**
 * Saving the form: the branding image is checked first, then the survey is created or updated (naming the
 * version its changes apply to), and once saved the form goes to the dashboard of the survey's workspace. A
 * refusal shows the server's message, on the field it is about too; a version conflict goes to `conflicts`.
 */
export function useSurveySave({ survey, workspaceId, form, failure, focusField, conflicts }: SurveySaveOptions) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createSurvey = useCreateSurvey();
  const updateSurvey = useUpdateSurvey(survey?.surveyId ?? '');
  const [saved, setSaved] = useState(false);
  // Saving or leaving returns to the dashboard of the survey's workspace.
  const [dashboard, setDashboard] = useState(() =>
    dashboardOf(survey ? (isTeamSurvey(survey) ? survey.workspaceId : undefined) : workspaceId),
  );

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => void navigate(dashboard), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, dashboard]);

  const onSubmit = async (draft: SurveyDraft) => {
    if (saved) return;
    const url = draft.brandingImageUrl.trim();
    if (brandingUrlStatus(url) === 'check') {
      const ok = await queryClient.fetchQuery(imageCheckQueryOptions(url)).then(
        (check) => check.ok,
        () => false,
      );
      if (!ok) {
        form.setError('brandingImageUrl', { type: 'validate', message: IMAGE_URL_MESSAGE });
        focusField('brandingImageUrl');
        return;
      }
    }
    try {
      const input = toSurveyInput(draft);
      if (survey) {
        const version = conflicts.version();
        const stored = await updateSurvey.mutateAsync(version === undefined ? input : { ...input, version });
        conflicts.onSaved(stored.version);
      } else {
        const made = await createSurvey.mutateAsync(workspaceId ? { ...input, workspaceId } : input);
        setDashboard(dashboardOf(isTeamSurvey(made) ? made.workspaceId : undefined));
      }
      setSaved(true);
    } catch (error) {
      const refused = conflictOf(error);
      if (refused) {
        conflicts.onRefused(refused);
        return;
      }
      const message = errorMessage(error, t(failure));
      form.setError(SERVER_ERROR, { type: 'server', message });
      // A refusal about one field (a question's rule or range, a setting, ...) is shown on that field too.
      const field = error instanceof ApiError ? error.params.field : undefined;
      const at = typeof field === 'string' ? fieldRefFor(field.split('.')) : undefined;
      if (at && at.field !== 'form') {
        const path = fieldPath(at);
        form.setError(path as FieldPath<SurveyDraft>, { type: 'server', message });
        focusField(path);
      }
    }
  };

  return { saved, dashboard, onSubmit };
}
