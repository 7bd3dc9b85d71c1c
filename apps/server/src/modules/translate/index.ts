// The translate module's face: what other modules may use of it (docs/architecture.md).
export { translateRoutes } from './translate.routes';
