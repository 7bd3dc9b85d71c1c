// The health module's face: what other modules may use of it (docs/architecture.md).
export { healthRoutes } from './health.routes';
