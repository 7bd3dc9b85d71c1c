import { useParams } from 'react-router';
import { thankYouFor } from '../lib/thank-you-handoff';
import { ThankYou } from './thank-you';

/** /projects/:projectId/surveys/:surveyId/thank-you inside the app's router. */
export function ThankYouPage() {
  const { surveyId = '' } = useParams();
  return <ThankYou screen={thankYouFor(surveyId)} />;
}
