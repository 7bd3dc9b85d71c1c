// The shares module's face: what other modules may use of it (docs/architecture.md).
export { deleteSharesInWorkspaces } from './shares.repository';
export { sharesRoutes } from './shares.routes';
