import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@quorum/contract';
import { Button } from '@/components/ui/button';
import type { QuestionList } from '../hooks/use-question-list';
import { canAddQuestion, canRemoveQuestion } from '../lib/editor-model';
import { QuestionEditor } from './question-editor';

/**
 * The form's "Questions": their count, the list's message, each question's editor in a list that reorders by
 * dragging (pointer or keyboard, said to screen readers), "Add question", and where every change is announced.
 */
export function QuestionsSection({
  list,
  busy,
  message,
  announcement,
}: {
  list: QuestionList;
  busy: boolean;
  /** The message about the list as a whole, translated. */
  message: string | undefined;
  /** The last change to the list (or to the form), for screen readers. */
  announcement: string;
}) {
  const { t } = useTranslation('editor');
  const { fields } = list;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** Dropping a dragged question (pointer or keyboard) moves it like the Move buttons do. */
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.id === active.id);
    const to = fields.findIndex((f) => f.id === over.id);
    if (from < 0 || to < 0) return;
    list.drop(from, to);
  };

  const positionOf = (id: string | number) => fields.findIndex((f) => f.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('form.pickedUp', { number: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('form.draggedOver', { number: positionOf(active.id), position: positionOf(over.id) }) : '',
    onDragEnd: ({ active, over }) =>
      over
        ? t('form.droppedAt', { number: positionOf(active.id), position: positionOf(over.id) })
        : t('form.dropped', { number: positionOf(active.id) }),
    onDragCancel: ({ active }) => t('form.dragCancelled', { number: positionOf(active.id) }),
  };

  return (
    <section aria-labelledby="questions-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="questions-heading" className="text-lg font-semibold">
          {t('form.questions')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('form.questionCount', { count: fields.length, max: LIMITS.questions })}
        </p>
      </div>
      {message && <p className="text-sm text-red-700">{message}</p>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t('form.dragInstructions'),
          },
        }}
      >
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-4">
            {fields.map((field, index) => (
              <QuestionEditor
                key={field.id}
                sortableId={field.id}
                index={index}
                total={fields.length}
                canRemove={canRemoveQuestion({ questions: fields })}
                buttonsDisabled={busy}
                onRemove={() => list.remove(index)}
                onMove={(direction) => list.move(index, direction)}
                moveUpRef={list.moveButton(field.id, 'up')}
                moveDownRef={list.moveButton(field.id, 'down')}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button
        variant="secondary"
        className="w-full border-dashed sm:w-auto"
        disabled={busy || !canAddQuestion({ questions: fields })}
        onClick={list.add}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('form.addQuestion')}
      </Button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
