// Moved to ./builtin; this path stays until the tests import from there.
export { createBuiltinGenerator } from './builtin';
