/** /components/drag-select: a multiple select whose chosen values are put in order by dragging them. */
import { useState } from 'react';
import { Card, Select, Tag, Typography } from 'antd';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useDemoTranslation } from '../demoMessages.ts';

const FRUITS = ['Apple', 'Banana', 'Orange', 'Pear', 'Grape', 'Mango', 'Cherry'];

function SortableTag({ value }: { value: string }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: value });
  return (
    <span
      ref={setNodeRef}
      className="demo-drag-tag"
      data-value={value}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
    >
      <Tag color="blue">{value}</Tag>
    </span>
  );
}

export default function DragSelectPage() {
  const { t } = useDemoTranslation();
  const [value, setValue] = useState(['Apple', 'Banana', 'Orange']);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <div className="page-container">
      <Card title={t('demo.dragSelect.title')}>
        <Typography.Paragraph>{t('demo.dragSelect.hint')}</Typography.Paragraph>
        <Select
          mode="multiple"
          aria-label={t('demo.dragSelect.choose')}
          style={{ width: '100%', maxWidth: 520 }}
          value={value}
          onChange={setValue}
          options={FRUITS.map((f) => ({ value: f, label: f }))}
        />
        <div className="demo-drag-tags" aria-label={t('demo.dragSelect.order')} role="list">
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={({ active, over }) => {
              if (over && active.id !== over.id) setValue((v) => arrayMove(v, v.indexOf(String(active.id)), v.indexOf(String(over.id))));
            }}
          >
            <SortableContext items={value} strategy={horizontalListSortingStrategy}>
              {value.map((v) => (
                <SortableTag key={v} value={v} />
              ))}
            </SortableContext>
          </DndContext>
        </div>
        <p data-testid="drag-select-value">{t('demo.dragSelect.value', { value: value.join(', ') })}</p>
      </Card>
    </div>
  );
}
