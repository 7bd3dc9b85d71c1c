// The visits module's face: what other modules may use of it (docs/architecture.md).
export { funnelProjection } from './funnel.projection';
export { startVisitSweep } from './visit-sweep';
export { visitsRoutes } from './visits.routes';
