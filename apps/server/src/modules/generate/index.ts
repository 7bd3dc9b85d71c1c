// The generate module's face: what other modules may use of it (docs/architecture.md).
export { generateRoutes } from './generate.routes';
