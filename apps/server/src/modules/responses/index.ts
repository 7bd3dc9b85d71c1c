// The responses module's face: what other modules may use. It owns the `responses` table and the response write,
// which keeps every projection it is given in step (lib/response-projection.ts).
export { responsesRoutes } from './responses.routes';
export { parseAnswers } from './stored-answers';
export {
  deleteResponsesInWorkspaces,
  deleteSurveyResponse,
  findSurveyForTaking,
  recordResponses,
  type NewResponse,
  type SurveyForTaking,
} from './responses.repository';
