/**
 * /components/drag-dialog: a dialog moved by dragging its title (@dnd-kit: the title is the
 * drag handle, the offset is kept between drags and reset when the dialog opens again).
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Modal, Select, Table, Typography } from 'antd';
import { DndContext, PointerSensor, useDraggable, useSensor, useSensors } from '@dnd-kit/core';
import { useDemoTranslation } from '../demoMessages.ts';

function Movable({ offset, children }: { offset: { x: number; y: number }; children: ReactNode }) {
  const { setNodeRef, transform } = useDraggable({ id: 'dialog' });
  const x = offset.x + (transform?.x ?? 0);
  const y = offset.y + (transform?.y ?? 0);
  return (
    <div ref={setNodeRef} style={{ transform: `translate3d(${x}px, ${y}px, 0)` }} data-testid="drag-dialog">
      {children}
    </div>
  );
}

function Handle({ children }: { children: ReactNode }) {
  const { attributes, listeners } = useDraggable({ id: 'dialog' });
  return (
    <div className="demo-drag-handle" {...attributes} {...listeners} data-testid="drag-dialog-handle">
      {children}
    </div>
  );
}

const ROWS = [
  { key: 1, name: 'Ada', city: 'London' },
  { key: 2, name: 'Grace', city: 'New York' },
  { key: 3, name: 'Linus', city: 'Helsinki' },
];

export default function DragDialogPage() {
  const { t } = useDemoTranslation();
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 2 } }));
  return (
    <div className="page-container">
      <Card title={t('demo.dragDialog.title')}>
        <Typography.Paragraph>{t('demo.dragDialog.hint')}</Typography.Paragraph>
        <Button
          type="primary"
          onClick={() => {
            setOffset({ x: 0, y: 0 });
            setOpen(true);
          }}
        >
          {t('demo.dragDialog.open')}
        </Button>
        <p data-testid="drag-dialog-offset">{t('demo.dragDialog.offset', { x: offset.x, y: offset.y })}</p>
        <DndContext sensors={sensors} onDragEnd={({ delta }) => setOffset((o) => ({ x: o.x + delta.x, y: o.y + delta.y }))}>
          <Modal
            open={open}
            onCancel={() => setOpen(false)}
            onOk={() => setOpen(false)}
            title={<Handle>{t('demo.dragDialog.dialogTitle')}</Handle>}
            modalRender={(modal) => <Movable offset={offset}>{modal}</Movable>}
          >
            <Select
              aria-label={t('demo.dragDialog.city')}
              style={{ width: '100%', marginBottom: 12 }}
              options={ROWS.map((r) => ({ value: r.city, label: r.city }))}
              placeholder={t('demo.dragDialog.city')}
            />
            <Table
              size="small"
              pagination={false}
              dataSource={ROWS}
              columns={[
                { title: t('demo.dragDialog.name'), dataIndex: 'name' },
                { title: t('demo.dragDialog.city'), dataIndex: 'city' },
              ]}
            />
          </Modal>
        </DndContext>
      </Card>
    </div>
  );
}
