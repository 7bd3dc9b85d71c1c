// The insights module's face: what other modules may use of it (docs/architecture.md).
export { insightsRoutes } from './insights.routes';
export { readFreeTexts } from './insights.service';
