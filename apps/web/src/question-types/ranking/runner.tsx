import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { ranksEveryOption } from '@quorum/contract';
import { ButtonBase as Button } from '@/components/ui/button-base';
import { cn } from '@/components/ui/cn';
import { idList, inputHint } from '../shared/answer-controls';
import type { AnswerInputProps, QuestionRunnerPart } from '../types';
import { useTranslation } from 'react-i18next';

/**
 * The options as an ordered list, first = most preferred: dragged into place with a mouse, or moved one place at a
 * time with the Move up and Move down buttons (each move is announced). It is answered once the respondent has
 * moved an option or kept the order shown.
 */
function RankingInput({
  question,
  name,
  headingId,
  value,
  onChange,
  arrange,
  describedBy,
}: AnswerInputProps<'ranking'>) {
  const { t } = useTranslation('questions');
  const answered = ranksEveryOption(question.options, value);
  const [shown] = useState(() => arrange(question.options));
  const order = answered ? value : shown;
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  // After a move by button, the focus follows the option to its new place.
  const focusAfterMove = useRef<{ option: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const idOf = (option: string, direction: 'up' | 'down') => `${name}-${question.options.indexOf(option)}-${direction}`;

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const byId = (id: string) => listRef.current?.ownerDocument.getElementById(id);
    const same = byId(idOf(pending.option, pending.direction));
    const other = byId(idOf(pending.option, pending.direction === 'up' ? 'down' : 'up'));
    // A disabled button (the first's Move up, the last's Move down) carries the attribute.
    (same && !same.hasAttribute('disabled') ? same : other)?.focus();
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const option = order[from];
    if (option === undefined) return;
    const next = order.filter((_, at) => at !== from);
    next.splice(to, 0, option);
    onChange(next);
    setAnnouncement(t('ranking.moved', { option, position: to + 1, total: order.length }));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  };

  const hintId = `${name}-hint`;
  return (
    <div>
      <p id={hintId} className={cn(inputHint, '-mt-2 mb-3 text-sm')}>
        {t('ranking.hint')}
      </p>
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-labelledby={headingId}
        aria-describedby={idList(hintId, describedBy)}
        className="grid gap-2"
      >
        {order.map((option, index) => (
          <li
            key={option}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragged(null)}
            className={cn(
              'flex min-h-12 items-center gap-2 rounded-control border border-slate-300 bg-white py-1 pe-1 ps-2 text-base text-slate-800',
              dragged === index && 'opacity-50',
            )}
          >
            <GripVertical aria-hidden="true" className="size-5 cursor-grab text-slate-400" />
            <span aria-hidden="true" className="w-6 shrink-0 text-center font-semibold tabular-nums text-slate-600">
              {index + 1}
            </span>
            <span className="min-w-0 flex-1 break-words">{option}</span>
            <Button
              id={idOf(option, 'up')}
              variant="ghost"
              size="icon"
              aria-label={t('ranking.moveUp', { option })}
              disabled={index === 0}
              onClick={() => {
                focusAfterMove.current = { option, direction: 'up' };
                move(index, index - 1);
              }}
            >
              <ArrowUp aria-hidden="true" className="size-5" />
            </Button>
            <Button
              id={idOf(option, 'down')}
              variant="ghost"
              size="icon"
              aria-label={t('ranking.moveDown', { option })}
              disabled={index === order.length - 1}
              onClick={() => {
                focusAfterMove.current = { option, direction: 'down' };
                move(index, index + 1);
              }}
            >
              <ArrowDown aria-hidden="true" className="size-5" />
            </Button>
          </li>
        ))}
      </ol>
      {!answered && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            onChange([...order]);
            // The button goes once the order is kept: the focus moves to the list it answered.
            listRef.current?.focus();
          }}
        >
          {t('ranking.keepOrder')}
        </Button>
      )}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** Every option once, in the respondent's order. */
export const rankingRunner: QuestionRunnerPart<'ranking'> = {
  type: 'ranking',
  Input: RankingInput,
  restore: (question, saved) => (ranksEveryOption(question.options, saved) ? [...saved] : undefined),
};
