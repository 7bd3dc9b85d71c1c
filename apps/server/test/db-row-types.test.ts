import { describe, expect, it } from 'vitest';
import {
  AUDIT_EVENT_TYPES,
  questionTypes,
  surveyGeneratorSchema,
  surveyStates,
  userTypeSchema,
} from '@quorum/contract';
import type { AuditLogTable, LoginAttemptsTable, QuestionsTable, SurveysTable } from '../src/db/schema';

/**
 * Enum-like columns are typed with the contract's values: `npx tsc -p apps/server` fails when a line marked
 * `@ts-expect-error` below compiles, i.e. when a column accepts a value the contract does not know.
 */
describe('typed database rows', () => {
  it('accept exactly the contract values in enum-like columns', () => {
    const states: SurveysTable['state'][] = [...surveyStates];
    const generators: SurveysTable['generator'][] = [...surveyGeneratorSchema.options];
    const types: QuestionsTable['type'][] = [...questionTypes];
    const scopes: LoginAttemptsTable['scope'][] = [...userTypeSchema.options];
    const events: AuditLogTable['type'][] = [...AUDIT_EVENT_TYPES];

    // @ts-expect-error not a survey state
    states.push('archived');
    // @ts-expect-error not a generator
    generators.push('imported');
    // @ts-expect-error not a question type
    types.push('slider');
    // @ts-expect-error not a kind of account
    scopes.push('guest');
    // @ts-expect-error not an audit event
    events.push('auth.sneezed');

    expect(states).toHaveLength(surveyStates.length + 1);
    expect(generators).toHaveLength(surveyGeneratorSchema.options.length + 1);
    expect(types).toHaveLength(questionTypes.length + 1);
    expect(scopes).toHaveLength(userTypeSchema.options.length + 1);
    expect(events).toHaveLength(AUDIT_EVENT_TYPES.length + 1);
  });
});
