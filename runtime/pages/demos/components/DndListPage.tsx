/** /components/dnd-list: two lists of articles; drag an article within a list or to the other one. */
import { useMemo, useState } from 'react';
import { Card, Typography } from 'antd';
import { useDemoTranslation } from '../demoMessages.ts';
import { SortableBoard, type Lists } from './SortableBoard.tsx';

export default function DndListPage() {
  const { t } = useDemoTranslation();
  const initial = useMemo(
    (): Lists => ({
      first: [1, 2, 3, 4, 5].map((n) => ({ id: `a${n}`, text: t('demo.dnd.article', { n }) })),
      second: [6, 7, 8].map((n) => ({ id: `a${n}`, text: t('demo.dnd.article', { n }) })),
    }),
    [t],
  );
  const [lists, setLists] = useState(initial);
  return (
    <div className="page-container">
      <Card title={t('demo.dnd.title')}>
        <Typography.Paragraph>{t('demo.dnd.hint')}</Typography.Paragraph>
        <SortableBoard lists={lists} titles={{ first: t('demo.dnd.first'), second: t('demo.dnd.second') }} onChange={setLists} />
      </Card>
    </div>
  );
}
