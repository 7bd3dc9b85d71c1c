import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newQuestion, type QuestionDraft, type SurveyDraft } from '../lib/editor-model';

/**
 * The form's list of questions and what changes it: adding, moving (by the Move buttons, focus staying on the
 * moved question's button, or by dragging), removing with an undo. Each change is said through `announce`.
 */
export function useQuestionList(form: UseFormReturn<SurveyDraft>, announce: (message: string) => void) {
  const { t } = useTranslation('editor');
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const moveButtons = useRef(new Map<string, { up: HTMLButtonElement | null; down: HTMLButtonElement | null }>());
  const [removed, setRemoved] = useState<{ question: QuestionDraft; index: number } | null>(null);
  const dismissRemoved = useCallback(() => setRemoved(null), []);
  const { fields } = questions;

  const add = () => {
    const added = fields.length;
    questions.append(newQuestion(), { focusName: `questions.${added}.text` });
    announce(t('form.added', { number: added + 1 }));
  };

  /** The Move buttons: the question at `index` goes one up or down. */
  const move = (index: number, direction: -1 | 1) => {
    const field = fields[index];
    if (!field) return;
    const target = index + direction;
    // The list is updated at once, so focus can stay on the moved question's button (or its twin at the
    // list's edge).
    flushSync(() => questions.move(index, target));
    const buttons = moveButtons.current.get(field.id);
    const preferred = direction === -1 ? buttons?.up : buttons?.down;
    const other = direction === -1 ? buttons?.down : buttons?.up;
    (preferred && !preferred.disabled ? preferred : other)?.focus();
    announce(t('form.moved', { from: index + 1, to: target + 1, total: fields.length }));
  };

  /** A dragged question (pointer or keyboard) dropped from `from` at `to`. */
  const drop = (from: number, to: number) => {
    questions.move(from, to);
    announce(t('form.moved', { from: from + 1, to: to + 1, total: fields.length }));
  };

  const remove = (index: number) => {
    const question = form.getValues(`questions.${index}`);
    questions.remove(index);
    setRemoved({ question, index });
    announce(t('form.removed', { number: index + 1 }));
  };

  const undoRemove = () => {
    if (!removed) return;
    const at = Math.min(removed.index, fields.length);
    questions.insert(at, removed.question, { focusName: `questions.${at}.text` });
    setRemoved(null);
    announce(t('form.restored', { number: at + 1 }));
  };

  /** The ref of a question's Move up or Move down button, where focus goes after a move. */
  const moveButton = (id: string, which: 'up' | 'down') => (el: HTMLButtonElement | null) => {
    const entry = moveButtons.current.get(id) ?? { up: null, down: null };
    entry[which] = el;
    moveButtons.current.set(id, entry);
  };

  return { fields, add, move, drop, remove, removed, undoRemove, dismissRemoved, moveButton };
}

export type QuestionList = ReturnType<typeof useQuestionList>;
