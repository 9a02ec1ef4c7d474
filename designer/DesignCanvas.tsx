/**
 * The palette and the canvas: field kinds dragged onto the form (@dnd-kit/core), the form's
 * fields reordered by drag or by keyboard (@dnd-kit/sortable: Space on a field's handle picks
 * it up, the arrows move it, Space drops it). Enter on a palette entry adds it at the end.
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
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
  type SensorDescriptor,
  type SensorOptions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_KINDS, type FieldKind } from './model/fieldKinds.ts';
import {
  addField,
  fieldNames,
  fieldSummary,
  kindLabel,
  moveField,
  removeField,
  type DesignDocument,
  type Locale,
} from './model/designDocument.ts';
import type { Designer } from './useDesigner.ts';
import { useHandOver, useHandedOver, type HandOver } from './handOver.ts';
import type { TFunction } from '../runtime/i18n/translator.ts';

const PALETTE_PREFIX = 'palette:';
/** Stands for a field's name in a translated text (textForName). */
const NAME_MARK = '\u0000';
const CANVAS_ID = 'canvas';
// The sensors' options are the same objects on every render: new ones would make new sensors, and
// dnd-kit would give every field new context and draw all of them again.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

const PaletteItem = memo(function PaletteItem({
  kind,
  locale,
  onAdd,
}: {
  kind: FieldKind;
  locale: Locale;
  onAdd: (kind: FieldKind) => void;
}) {
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
          onAdd(kind);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      {kindLabel(kind, locale)}
    </div>
  );
});

// A row's text draws again when it changes (an undo can change a hundred at once), a row when its
// selection or labels change: their Ant Design parts, whose drawing costs most, draw again only
// when their own values change.
const RemoveButton = memo(function RemoveButton({
  name,
  label,
  onRemove,
}: {
  name: string;
  label: string;
  onRemove: (name: string) => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          onRemove(name);
        }}
      />
    </Tooltip>
  );
});

const FieldTag = memo(function FieldTag({ text, color }: { text: string; color?: string }) {
  return <Tag color={color}>{text}</Tag>;
});

/** What a field's row says: the same object while it says the same. */
interface RowText {
  label: string;
  required: boolean;
  kind: string | undefined;
  /** The visible-when condition as shown ("amount = 3"). */
  condition: string | undefined;
}

/**
 * The rows' texts, each row reading its own: an edit (a label typed, a hundred steps undone)
 * draws again the texts of the rows it changed, not the rows themselves, whose useSortable
 * costs most of a row's drawing.
 */
class RowTexts {
  private rows = new Map<string, RowText>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private primed = false;

  get = (name: string): RowText | undefined => this.rows.get(name);

  subscribe(name: string, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** The texts of `doc`'s fields, keeping the objects of the rows that say what they said. */
  of(doc: DesignDocument, names: readonly string[], locale: Locale): Map<string, RowText> {
    const next = new Map<string, RowText>();
    for (const name of names) {
      const field = fieldSummary(doc, name, locale);
      const text: RowText = {
        label: field?.label || name,
        required: !!field?.required,
        kind: field && kindLabel(field.kind, locale),
        condition: field?.visibleWhen && `${field.visibleWhen.field} = ${String(field.visibleWhen.equals)}`,
      };
      const before = this.rows.get(name);
      const same =
        before &&
        before.label === text.label &&
        before.required === text.required &&
        before.kind === text.kind &&
        before.condition === text.condition;
      next.set(name, same ? before : text);
    }
    return next;
  }

  /** The first texts, before the rows are first drawn. */
  prime(rows: Map<string, RowText>): void {
    if (this.primed) return;
    this.primed = true;
    this.rows = rows;
  }

  /** New texts; the rows whose text changed are told. */
  set(rows: Map<string, RowText>): void {
    const before = this.rows;
    this.rows = rows;
    for (const [name, set] of this.listeners) if (before.get(name) !== rows.get(name)) for (const l of set) l();
  }
}

/** A row's text: its label, required mark, name, kind and condition. */
const FieldText = memo(function FieldText({ name, texts }: { name: string; texts: RowTexts }) {
  const subscribe = useCallback((listener: () => void) => texts.subscribe(name, listener), [texts, name]);
  const text = useSyncExternalStore(subscribe, () => texts.get(name));
  return (
    <>
      <span className="designer-field-label">
        {text?.label ?? name}
        {text?.required && <span className="designer-required">*</span>}
      </span>
      <code className="designer-field-name">{name}</code>
      {text?.kind && <FieldTag text={text.kind} />}
      {text?.condition && <FieldTag text={text.condition} color="blue" />}
    </>
  );
});

/** One field of the canvas, drawn from plain values; its text reads its own (RowTexts), so an edit of the document leaves it as it is. */
const CanvasField = memo(function CanvasField({
  name,
  texts,
  selected,
  handleLabel,
  removeLabel,
  onSelect,
  onRemove,
}: {
  name: string;
  texts: RowTexts;
  selected: boolean;
  handleLabel: string;
  removeLabel: string;
  onSelect: (name: string) => void;
  onRemove: (name: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: name });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`designer-field${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-field={name}
    >
      <span ref={setActivatorNodeRef} className="designer-field-handle" {...attributes} {...listeners} aria-label={handleLabel}>
        {'\u2807'}
      </span>
      <button type="button" className="designer-field-body" onClick={() => onSelect(name)} aria-pressed={selected}>
        <FieldText name={name} texts={texts} />
      </button>
      <RemoveButton name={name} label={removeLabel} onRemove={onRemove} />
    </div>
  );
});

function Canvas({ children, empty }: { children: ReactNode; empty: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    <div ref={setNodeRef} className={`designer-canvas${isOver ? ' is-over' : ''}`} data-testid="designer-canvas">
      {children}
      {empty && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={null} />}
    </div>
  );
}

/**
 * A text of `key` with `{{name}}` filled in for each field, from one translation: the canvas
 * needs two per field, and asking the translator 400 times would take longer than drawing it.
 */
function textForName(t: TFunction, key: string): (name: string) => string {
  const parts = t(key, { name: NAME_MARK }).split(NAME_MARK);
  return (name) => parts.join(name);
}

export const DesignCanvas = memo(function DesignCanvas({ designer, locale, t }: { designer: Designer; locale: Locale; t: TFunction }) {
  const { doc } = designer;
  // The same array while the names are (a property edit): a new one would be a new context for
  // SortableContext, drawing every row's useSortable again. Field names hold no new line.
  const nameList = fieldNames(doc).join('\n');
  const names = useMemo(() => (nameList ? nameList.split('\n') : []), [nameList]);
  const [dragging, setDragging] = useState<string | undefined>();
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  // The rows' callbacks stay the same functions, so a row whose values did not change is not drawn again.
  const latest = useRef({ designer, t, locale, names });
  const select = useCallback((name: string) => latest.current.designer.select(name), []);
  const remove = useCallback((name: string) => {
    const { designer: d, t: tr } = latest.current;
    d.apply(tr('designer.steps.remove', { name }), (draft) => removeField(draft, name));
  }, []);

  const handleText = useMemo(() => textForName(t, 'designer.dragHandle'), [t]);
  const removeText = useMemo(() => textForName(t, 'designer.remove'), [t]);

  const add = useCallback((kind: FieldKind, index?: number) => {
    const { designer: d, t: tr, locale: l } = latest.current;
    let added: string[] = [];
    d.apply(tr('designer.steps.add', { name: kindLabel(kind, l) }), (draft) => {
      added = addField(draft, kind, index ?? fieldNames(draft).length);
    });
    if (added[0]) d.select(added[0]);
  }, []);
  const addAtEnd = useCallback((kind: FieldKind) => add(kind), [add]);

  latest.current = { designer, t, locale, names };
  const [handlers] = useState(() => ({
    onDragStart: (e: DragStartEvent) => setDragging(String(e.active.id)),
    onDragCancel: () => setDragging(undefined),
    onDragEnd: (e: DragEndEvent) => {
      setDragging(undefined);
      const { designer: d, t: tr, names: shown } = latest.current;
      const active = String(e.active.id);
      const over = e.over ? String(e.over.id) : undefined;
      if (active.startsWith(PALETTE_PREFIX)) {
        if (over === undefined) return;
        const kind = active.slice(PALETTE_PREFIX.length) as FieldKind;
        const at = shown.indexOf(over);
        add(kind, at < 0 ? shown.length : at);
        return;
      }
      if (over === undefined || over === active) return;
      const from = shown.indexOf(active);
      const to = over === CANVAS_ID ? shown.length - 1 : shown.indexOf(over);
      if (from < 0 || to < 0) return;
      d.apply(tr('designer.steps.move', { name: active }), (draft) => moveField(draft, from, to));
    },
  }));

  // The rows' texts reach the rows through RowTexts; the rows themselves draw again only when
  // the names, the selection, the language or a drag change.
  const [texts] = useState(() => new RowTexts());
  const rows = useMemo(() => texts.of(doc, names, locale), [texts, doc, names, locale]);
  texts.prime(rows);
  useLayoutEffect(() => texts.set(rows), [texts, rows]);
  const selected = designer.selected;
  const body = useMemo<CanvasBodyProps>(
    () => ({ names, texts, selected, locale, t, dragging, select, remove, addAtEnd, handleText, removeText }),
    [names, texts, selected, locale, t, dragging, select, remove, addAtEnd, handleText, removeText],
  );
  const handed = useHandOver(body);
  return <CanvasDnd sensors={sensors} body={handed} {...handlers} />;
});

interface CanvasBodyProps {
  names: string[];
  texts: RowTexts;
  selected: string | undefined;
  locale: Locale;
  t: TFunction;
  dragging: string | undefined;
  select: (name: string) => void;
  remove: (name: string) => void;
  addAtEnd: (kind: FieldKind) => void;
  handleText: (name: string) => string;
  removeText: (name: string) => string;
}

/**
 * DndContext, drawn again only while an item is dragged: the palette and the rows are handed
 * their values (handOver.ts) rather than given as its children, since DndContext drawn again
 * gives its providers new values (the active item's transform is a new object on each
 * render), above the rows.
 */
const CanvasDnd = memo(function CanvasDnd({
  sensors,
  body,
  onDragStart,
  onDragEnd,
  onDragCancel,
}: {
  sensors: SensorDescriptor<SensorOptions>[];
  body: HandOver<CanvasBodyProps>;
  onDragStart: (e: DragStartEvent) => void;
  onDragEnd: (e: DragEndEvent) => void;
  onDragCancel: () => void;
}) {
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <CanvasBody body={body} />
    </DndContext>
  );
});

function CanvasBody({ body }: { body: HandOver<CanvasBodyProps> }) {
  const { names, texts, selected, locale, t, dragging, select, remove, addAtEnd, handleText, removeText } = useHandedOver(body);
  return (
    <>
      <div className="designer-palette" role="group" aria-label={t('designer.palette')}>
        <div className="designer-panel-title">{t('designer.palette')}</div>
        <p className="designer-hint">{t('designer.paletteHint')}</p>
        {FIELD_KINDS.map((kind) => (
          <PaletteItem key={kind} kind={kind} locale={locale} onAdd={addAtEnd} />
        ))}
      </div>
      <div className="designer-canvas-column">
        <div className="designer-panel-title">{t('designer.canvas')}</div>
        <Canvas empty={names.length === 0}>
          <SortableContext items={names} strategy={verticalListSortingStrategy}>
            {names.map((name) => (
              <CanvasField
                key={name}
                name={name}
                texts={texts}
                selected={selected === name}
                handleLabel={handleText(name)}
                removeLabel={removeText(name)}
                onSelect={select}
                onRemove={remove}
              />
            ))}
          </SortableContext>
        </Canvas>
      </div>
      <DragOverlay>
        {dragging?.startsWith(PALETTE_PREFIX) ? (
          <div className="designer-palette-item is-overlay">{kindLabel(dragging.slice(PALETTE_PREFIX.length) as FieldKind, locale)}</div>
        ) : null}
      </DragOverlay>
    </>
  );
}
