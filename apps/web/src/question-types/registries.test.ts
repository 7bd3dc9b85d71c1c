import { describe, expect, it } from 'vitest';
import { questionTypes } from '@quorum/contract';
import { QUESTION_EDITORS } from './editor';
import { QUESTION_RESULTS } from './results';
import { QUESTION_RUNNERS } from './runner';

describe('the question type registries', () => {
  it.each([
    ['editor', QUESTION_EDITORS],
    ['runner', QUESTION_RUNNERS],
    ['results', QUESTION_RESULTS],
  ] as const)('the %s registry has every type, each under its own name', (_part, registry) => {
    expect(Object.keys(registry).sort()).toEqual([...questionTypes].sort());
    for (const [type, part] of Object.entries(registry)) expect(part.type).toBe(type);
  });
});
