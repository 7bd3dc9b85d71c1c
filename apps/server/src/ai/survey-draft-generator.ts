import type { SurveyInput } from '@quorum/contract';

/**
 * Something that turns a survey idea into a draft survey in the contract's input shape (the shape a
 * hand-made survey is sent in). The caller normalises and saves it.
 */
export interface SurveyDraftGenerator {
  /** Recorded with the survey: which kind of generator made it. */
  readonly kind: 'builtin' | 'ai';
  /** One line for the start log. */
  readonly description: string;
  generate(idea: string): Promise<SurveyInput>;
}
