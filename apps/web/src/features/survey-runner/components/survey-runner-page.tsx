import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SurveyRunner, type Navigate } from './survey-runner';

/** /projects/:projectId/surveys/:surveyId inside the app's router (see public-app.tsx for a direct visit). */
export function SurveyRunnerPage() {
  const { projectId = '', surveyId = '' } = useParams();
  const routerNavigate = useNavigate();
  const navigate = useCallback<Navigate>((to, options) => void routerNavigate(to, options), [routerNavigate]);
  return <SurveyRunner projectId={projectId} surveyId={surveyId} navigate={navigate} />;
}
