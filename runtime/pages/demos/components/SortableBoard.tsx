/**
 * Lists whose items are dragged within a list and from one list to another (@dnd-kit: pointer
 * and keyboard sensors, sortable lists): the dnd-list page's two lists and the drag-kanban
 * page's columns. The lists are controlled: every move reports the new lists.
 */
import { useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export interface BoardItem {
  id: string;
  text: string;
}
export type Lists = Record<string, BoardItem[]>;

function SortableCard({ item }: { item: BoardItem }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      className="demo-board-item"
      data-item={item.id}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      {...attributes}
      {...listeners}
    >
      {item.text}
    </li>
  );
}

function Column({ id, title, items }: { id: string; title: ReactNode; items: BoardItem[] }) {
  const { setNodeRef } = useDroppable({ id });
  return (
    <section className="demo-board-column" data-list={id} aria-label={typeof title === 'string' ? title : id}>
      <h3 className="demo-board-title">{title}</h3>
      <SortableContext id={id} items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="demo-board-list">
          {items.map((item) => (
            <SortableCard key={item.id} item={item} />
          ))}
        </ul>
      </SortableContext>
    </section>
  );
}

/** The list holding an item (or the list of that id). */
function listOf(lists: Lists, id: string): string | undefined {
  if (id in lists) return id;
  return Object.keys(lists).find((key) => lists[key]!.some((i) => i.id === id));
}

export function SortableBoard({
  lists,
  titles,
  onChange,
}: {
  lists: Lists;
  titles: Record<string, ReactNode>;
  onChange(next: Lists): void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [active, setActive] = useState<BoardItem>();

  // an item dragged over another list moves into it at once (the lists make room)
  const onDragOver = ({ active: a, over }: DragOverEvent) => {
    if (!over) return;
    const from = listOf(lists, String(a.id));
    const to = listOf(lists, String(over.id));
    if (!from || !to || from === to) return;
    const item = lists[from]!.find((i) => i.id === a.id)!;
    const target = lists[to]!;
    const at =
      over.id in lists
        ? target.length
        : Math.max(
            0,
            target.findIndex((i) => i.id === over.id),
          );
    onChange({ ...lists, [from]: lists[from]!.filter((i) => i.id !== a.id), [to]: [...target.slice(0, at), item, ...target.slice(at)] });
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(undefined);
    if (!over) return;
    const list = listOf(lists, String(a.id));
    if (!list || list !== listOf(lists, String(over.id))) return;
    const items = lists[list]!;
    const from = items.findIndex((i) => i.id === a.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0 && from !== to) onChange({ ...lists, [list]: arrayMove(items, from, to) });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={({ active: a }) => {
        const list = listOf(lists, String(a.id));
        setActive(list ? lists[list]!.find((i) => i.id === a.id) : undefined);
      }}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(undefined)}
    >
      <div className="demo-board">
        {Object.keys(lists).map((key) => (
          <Column key={key} id={key} title={titles[key]} items={lists[key]!} />
        ))}
      </div>
      <DragOverlay>{active ? <div className="demo-board-item demo-board-dragged">{active.text}</div> : null}</DragOverlay>
    </DndContext>
  );
}
