/** /components/drag-kanban: tasks in three columns (to do, working, done); drag a task to move it. */
import { useMemo, useState } from 'react';
import { Card, Typography } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import { SortableBoard, type Lists } from './SortableBoard.tsx';

const TASKS: Record<string, number[]> = { todo: [1, 2, 3, 4], working: [5, 6], done: [7, 8] };

export default function DragKanbanPage() {
  const { t } = useDemoTranslation();
  const initial = useMemo(
    (): Lists =>
      Object.fromEntries(
        Object.entries(TASKS).map(([column, ns]) => [column, ns.map((n) => ({ id: `t${n}`, text: t(`demo.kanban.tasks.${n}`) }))]),
      ),
    [t],
  );
  const [lists, setLists] = useState(initial);
  const titles = Object.fromEntries(Object.keys(TASKS).map((c) => [c, t(`demo.kanban.${c}`)]));
  return (
    <div className="page-container">
      <Card title={t('demo.kanban.title')}>
        <Typography.Paragraph>{t('demo.kanban.hint')}</Typography.Paragraph>
        <SortableBoard lists={lists} titles={titles} onChange={setLists} />
      </Card>
    </div>
  );
}
