import { LIMITS } from '@quorum/contract';
import type { QuestionDraft, TypeFields } from '../types';

// The options of the two choice types (one answer, several answers), as the editor holds them.

export function setOption(question: QuestionDraft, index: number, value: string): QuestionDraft {
  return { ...question, options: question.options.map((o, i) => (i === index ? value : o)) };
}

export function canAddOption(question: QuestionDraft): boolean {
  return question.options.length < LIMITS.options;
}

export function addOption(question: QuestionDraft): QuestionDraft {
  if (!canAddOption(question)) return question;
  return { ...question, options: [...question.options, ''] };
}

/** The × of an option shows only when more than one option exists. */
export function canRemoveOption(question: QuestionDraft): boolean {
  return question.options.length > 1;
}

export function removeOption(question: QuestionDraft, index: number): QuestionDraft {
  if (!canRemoveOption(question)) return question;
  return { ...question, options: question.options.filter((_, i) => i !== index) };
}

/** Switching to a choice type keeps the options there are, or gives one empty option. */
export function choiceSwitchTo(question: QuestionDraft): TypeFields {
  return { options: question.options.length === 0 ? [''] : [...question.options] };
}

/** A stored choice question, with one empty option to fill when it has none. */
export function choiceDraftOf(question: { options: readonly string[] }): TypeFields {
  return { options: question.options.length > 0 ? [...question.options] : [''] };
}

/** Saved without blank options. */
export function choiceInputOf(question: QuestionDraft): { options: string[] } {
  return { options: question.options.map((o) => o.trim()).filter((o) => o !== '') };
}
