import { ThankYou } from './thank-you';

/** /projects/:projectId/surveys/:surveyId/thank-you inside the app's router. */
export function ThankYouPage() {
  return <ThankYou />;
}
