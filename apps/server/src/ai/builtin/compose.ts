// Moved to ./assemble; this path stays until the tests import from ./index.
export { composeSurvey } from './assemble';
