// The images module's face: what other modules may use of it (docs/architecture.md).
export { imagesRoutes } from './images.routes';
