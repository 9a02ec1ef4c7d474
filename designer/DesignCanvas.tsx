/**
 * The palette and the canvas: field kinds dragged onto the form (@dnd-kit/core), the form's
 * fields reordered by drag or by keyboard (@dnd-kit/sortable: Space on a field's handle picks
 * it up, the arrows move it, Space drops it). Enter on a palette entry adds it at the end.
 */
import { useState, type ReactNode } from 'react';
import { Button, Empty, Tag, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_KINDS, type FieldKind } from './model/fieldKinds.ts';
import { addField, fieldLabel, fieldNames, fieldView, kindLabel, moveField, removeField, type Locale } from './model/designDocument.ts';
import type { Designer } from './useDesigner.ts';
import type { TFunction } from '../runtime/i18n/translator.ts';

const PALETTE_PREFIX = 'palette:';
const CANVAS_ID = 'canvas';

function PaletteItem({ kind, locale, onAdd }: { kind: FieldKind; locale: Locale; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${kind}` });
  return (
    <div
      ref={setNodeRef}
      className={`designer-palette-item${isDragging ? ' is-dragging' : ''}`}
      data-kind={kind}
      {...attributes}
      {...listeners}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onAdd();
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      {kindLabel(kind, locale)}
    </div>
  );
}

function CanvasField({
  name,
  children,
  selected,
  onSelect,
  onRemove,
  t,
}: {
  name: string;
  children: ReactNode;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
  t: TFunction;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: name });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`designer-field${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-field={name}
    >
      <span
        ref={setActivatorNodeRef}
        className="designer-field-handle"
        {...attributes}
        {...listeners}
        aria-label={t('designer.dragHandle', { name })}
      >
        {'\u2807'}
      </span>
      <button type="button" className="designer-field-body" onClick={onSelect} aria-pressed={selected}>
        {children}
      </button>
      <Tooltip title={t('designer.remove', { name })}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('designer.remove', { name })}
          onClick={(e) => {
            e.stopPropagation();
            onRemove();
          }}
        />
      </Tooltip>
    </div>
  );
}

function Canvas({ children, empty }: { children: ReactNode; empty: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    <div ref={setNodeRef} className={`designer-canvas${isOver ? ' is-over' : ''}`} data-testid="designer-canvas">
      {children}
      {empty && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={null} />}
    </div>
  );
}

export function DesignCanvas({ designer, locale, t }: { designer: Designer; locale: Locale; t: TFunction }) {
  const { doc } = designer;
  const names = fieldNames(doc);
  const [dragging, setDragging] = useState<string | undefined>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = (kind: FieldKind, index: number) => {
    let added: string[] = [];
    designer.apply(t('designer.steps.add', { name: kindLabel(kind, locale) }), (d) => {
      added = addField(d, kind, index);
    });
    if (added[0]) designer.select(added[0]);
  };

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(undefined);
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : undefined;
    if (active.startsWith(PALETTE_PREFIX)) {
      if (over === undefined) return;
      const kind = active.slice(PALETTE_PREFIX.length) as FieldKind;
      const at = names.indexOf(over);
      add(kind, at < 0 ? names.length : at);
      return;
    }
    if (over === undefined || over === active) return;
    const from = names.indexOf(active);
    const to = over === CANVAS_ID ? names.length - 1 : names.indexOf(over);
    if (from < 0 || to < 0) return;
    designer.apply(t('designer.steps.move', { name: active }), (d) => moveField(d, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(undefined)}
    >
      <div className="designer-palette" role="group" aria-label={t('designer.palette')}>
        <div className="designer-panel-title">{t('designer.palette')}</div>
        <p className="designer-hint">{t('designer.paletteHint')}</p>
        {FIELD_KINDS.map((kind) => (
          <PaletteItem key={kind} kind={kind} locale={locale} onAdd={() => add(kind, names.length)} />
        ))}
      </div>
      <div className="designer-canvas-column">
        <div className="designer-panel-title">{t('designer.canvas')}</div>
        <Canvas empty={names.length === 0}>
          <SortableContext items={names} strategy={verticalListSortingStrategy}>
            {names.map((name) => {
              const view = fieldView(doc, name);
              return (
                <CanvasField
                  key={name}
                  name={name}
                  t={t}
                  selected={designer.selected === name}
                  onSelect={() => designer.select(name)}
                  onRemove={() => designer.apply(t('designer.steps.remove', { name }), (d) => removeField(d, name))}
                >
                  <span className="designer-field-label">
                    {fieldLabel(doc, name, locale) || name}
                    {view?.required && <span className="designer-required">*</span>}
                  </span>
                  <code className="designer-field-name">{name}</code>
                  {view && <Tag>{kindLabel(view.kind, locale)}</Tag>}
                  {view?.visibleWhen && <Tag color="blue">{`${view.visibleWhen.field} = ${String(view.visibleWhen.equals)}`}</Tag>}
                </CanvasField>
              );
            })}
          </SortableContext>
        </Canvas>
      </div>
      <DragOverlay>
        {dragging?.startsWith(PALETTE_PREFIX) ? (
          <div className="designer-palette-item is-overlay">{kindLabel(dragging.slice(PALETTE_PREFIX.length) as FieldKind, locale)}</div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
