import { LIMITS } from '@quorum/contract';
import type { QuestionDraft, TypeFields } from '../types';

// The lists an author writes one entry at a time: the options of the choice types, dropdown, ranking and matrix
// (its columns), and a matrix's rows.

/** Which list of a question: its options, or a matrix's rows. */
export type ListField = 'options' | 'rows';

const listOf = (question: QuestionDraft, field: ListField): string[] => question[field] ?? [];

export function setOption(
  question: QuestionDraft,
  index: number,
  value: string,
  field: ListField = 'options',
): QuestionDraft {
  return { ...question, [field]: listOf(question, field).map((o, i) => (i === index ? value : o)) };
}

export function canAddOption(
  question: QuestionDraft,
  max: number = LIMITS.options,
  field: ListField = 'options',
): boolean {
  return listOf(question, field).length < max;
}

export function addOption(
  question: QuestionDraft,
  max: number = LIMITS.options,
  field: ListField = 'options',
): QuestionDraft {
  if (!canAddOption(question, max, field)) return question;
  return { ...question, [field]: [...listOf(question, field), ''] };
}

/** The × of an option shows only when more than one option exists. */
export function canRemoveOption(question: QuestionDraft, field: ListField = 'options'): boolean {
  return listOf(question, field).length > 1;
}

export function removeOption(question: QuestionDraft, index: number, field: ListField = 'options'): QuestionDraft {
  if (!canRemoveOption(question, field)) return question;
  return { ...question, [field]: listOf(question, field).filter((_, i) => i !== index) };
}

/**
 * Options pasted one per line: each non-blank line trimmed, added after the filled options (blank ones are
 * replaced), leaving out lines already listed, up to `max` options in all.
 */
export function pasteOptions(question: QuestionDraft, text: string, max: number): QuestionDraft {
  const kept = question.options.filter((o) => o.trim() !== '');
  const seen = new Set(kept.map((o) => o.trim()));
  for (const line of text.split(/\r?\n/)) {
    const option = line.trim();
    if (option === '' || seen.has(option) || kept.length >= max) continue;
    seen.add(option);
    kept.push(option);
  }
  return { ...question, options: kept.length > 0 ? kept : [''] };
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
