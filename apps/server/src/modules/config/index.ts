// The config module's face: what other modules may use of it (docs/architecture.md).
export { configRoutes } from './config.routes';
