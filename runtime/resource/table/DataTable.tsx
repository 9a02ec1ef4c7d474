/**
 * The generic table: TanStack Table v9 for the row model (selection, sorting, column
 * visibility, tree expansion) and TanStack Virtual for the rows, so that only the rows in view
 * (plus a few) are in the DOM whatever the number of records. A sticky header, ARIA table
 * roles with row indexes, named checkboxes and toggles. Columns can be resized by dragging the
 * edge of their header (or with the arrow keys on it): the new width is reported on release.
 */
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import {
  columnVisibilityFeature,
  createExpandedRowModel,
  createSortedRowModel,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import './dataTable.css';

export type TableRecord = Record<string, unknown>;

export interface DataTableColumn {
  id: string;
  /** The header text (already translated). */
  header: string;
  /** Fixed width in px; otherwise the column shares the free width (at least `minWidth`). */
  width?: number;
  minWidth?: number;
  sortable?: boolean;
  /** The value used by client-side sorting (tree mode). */
  sortValue?: (record: TableRecord) => unknown;
  cell: (record: TableRecord) => ReactNode;
  /** Plain text for the cell's tooltip. */
  title?: (record: TableRecord) => string;
}

interface SortChange {
  field: string;
  order: 'ascend' | 'descend';
}

interface DataTableLabels {
  selectAll: string;
  selectRow: (record: TableRecord) => string;
  expand: string;
  collapse: string;
  empty: string;
  actions: string;
  /** Name of a column's resize handle. */
  resize?: (header: string) => string;
}

export interface DataTableProps {
  ariaLabel: string;
  columns: readonly DataTableColumn[];
  data: readonly TableRecord[];
  getRowId: (record: TableRecord) => string;
  labels: DataTableLabels;
  /** Records carry `children`: an expandable tree, sorted on the client. */
  tree?: boolean;
  /** The server sorts (flat lists): the table only shows and reports the sort. */
  manualSorting?: boolean;
  sort?: SortChange;
  onSortChange?: (sort: SortChange | undefined) => void;
  hiddenColumns?: ReadonlySet<string>;
  selectable?: boolean;
  selectedIds?: ReadonlySet<string>;
  onSelectionChange?: (ids: Set<string>) => void;
  rowActions?: (record: TableRecord) => ReactNode;
  actionsWidth?: number;
  activeRowId?: string;
  onRowClick?: (record: TableRecord) => void;
  /** Height of the scroll area at most (px); the table is shorter when the rows are fewer. */
  maxHeight?: number;
  rowHeight?: number;
  loading?: boolean;
  testId?: string;
  /** Columns resizable by drag: called with the column's new width when the drag ends. */
  onColumnResize?: (id: string, width: number) => void;
}

const features = tableFeatures({
  rowSelectionFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
  columnVisibilityFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
});

const SELECT_WIDTH = 44;
const DEFAULT_MIN_WIDTH = 80;
const INDENT_PX = 18;
const RESIZE_MIN = 60;
const RESIZE_MAX = 1200;
const RESIZE_STEP = 16;

const clamp = (width: number) => Math.round(Math.min(RESIZE_MAX, Math.max(RESIZE_MIN, width)));

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

function childrenOf(record: TableRecord): TableRecord[] | undefined {
  const children = record.children;
  return Array.isArray(children) && children.length > 0 ? (children as TableRecord[]) : undefined;
}

export default function DataTable(props: DataTableProps) {
  const {
    ariaLabel,
    columns,
    data,
    getRowId,
    labels,
    tree = false,
    manualSorting = true,
    sort,
    onSortChange,
    hiddenColumns,
    selectable = false,
    selectedIds,
    onSelectionChange,
    rowActions,
    actionsWidth = 160,
    activeRowId,
    onRowClick,
    maxHeight = 560,
    rowHeight = 40,
    loading = false,
    testId,
    onColumnResize,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  /** The width of the column being dragged, shown live until the drag ends. */
  const [dragging, setDragging] = useState<{ id: string; width: number }>();
  const drag = useRef<{ id: string; startX: number; startWidth: number; width: number }>(undefined);

  const columnDefs = useMemo<ColumnDef<typeof features, TableRecord>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (record: TableRecord) => (c.sortValue ? c.sortValue(record) : record[c.id]) as string | number | undefined,
        enableSorting: !!c.sortable,
        sortUndefined: 'last' as const,
      })),
    [columns],
  );

  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.field, desc: sort.order === 'descend' }] : []), [sort]);
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...(selectedIds ?? [])].map((id) => [id, true])),
    [selectedIds],
  );
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries([...(hiddenColumns ?? [])].map((id) => [id, false])),
    [hiddenColumns],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: data as TableRecord[],
    getRowId: (record: TableRecord) => getRowId(record),
    getSubRows: tree ? childrenOf : undefined,
    manualSorting: tree ? false : manualSorting,
    enableSortingRemoval: true,
    // Every column starts ascending (numbers would otherwise start descending).
    sortDescFirst: false,
    enableMultiSort: false,
    enableRowSelection: selectable,
    enableSubRowSelection: false,
    autoResetAll: false,
    state: { sorting, rowSelection, columnVisibility, expanded },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = apply(updater, sorting)[0];
      onSortChange?.(next ? { field: next.id, order: next.desc ? 'descend' : 'ascend' } : undefined);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = apply(updater, rowSelection);
      onSelectionChange?.(
        new Set(
          Object.entries(next)
            .filter(([, v]) => v)
            .map(([k]) => k),
        ),
      );
    },
    onColumnVisibilityChange: () => undefined,
    onExpandedChange: (updater: Updater<ExpandedState>) => setExpanded((old) => apply(updater, old)),
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    scrollMargin: rowHeight,
    initialRect: { width: 1024, height: maxHeight },
  });

  const widthOf = (id: string) => (dragging?.id === id ? dragging.width : byId.get(id)?.width);
  // The widths the header cells are drawn at, for the resizers' values (a column without a set width takes its share).
  const headerRowRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Readonly<Record<string, number>>>({});
  const columnKey = visibleColumns.map((col) => col.id).join('\n');
  useLayoutEffect(() => {
    const row = headerRowRef.current;
    if (!row || !onColumnResize || typeof ResizeObserver === 'undefined') return;
    const cells = [...row.querySelectorAll<HTMLElement>('[data-column]')];
    const observer = new ResizeObserver(() => {
      const next: Record<string, number> = {};
      for (const cell of cells) next[cell.dataset.column ?? ''] = Math.round(cell.getBoundingClientRect().width);
      setDrawn((prev) => (cells.every((cell) => prev[cell.dataset.column ?? ''] === next[cell.dataset.column ?? '']) ? prev : next));
    });
    for (const cell of cells) observer.observe(cell);
    return () => observer.disconnect();
  }, [columnKey, onColumnResize]);
  const shownWidth = (id: string) => widthOf(id) ?? drawn[id] ?? byId.get(id)?.minWidth ?? DEFAULT_MIN_WIDTH;
  const template = [
    ...(selectable ? [`${SELECT_WIDTH}px`] : []),
    ...visibleColumns.map((col) => {
      const c = byId.get(col.id);
      const width = widthOf(col.id);
      return width ? `${width}px` : `minmax(${c?.minWidth ?? DEFAULT_MIN_WIDTH}px, 1fr)`;
    }),
    ...(rowActions ? [`${actionsWidth}px`] : []),
  ].join(' ');
  const minWidth =
    (selectable ? SELECT_WIDTH : 0) +
    visibleColumns.reduce((n, col) => n + (widthOf(col.id) ?? byId.get(col.id)?.minWidth ?? DEFAULT_MIN_WIDTH), 0) +
    (rowActions ? actionsWidth : 0);
  const gridStyle = { gridTemplateColumns: template, minWidth } as CSSProperties;

  const allSelected = selectable && rows.length > 0 && table.getIsAllRowsSelected();
  const someSelected = selectable && !allSelected && table.getIsSomeRowsSelected();
  const firstColumnId = visibleColumns[0]?.id;
  const items = virtualizer.getVirtualItems();

  const startResize = (event: PointerEvent<HTMLDivElement>, id: string) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const cell = event.currentTarget.parentElement;
    const startWidth = cell ? cell.getBoundingClientRect().width : (widthOf(id) ?? DEFAULT_MIN_WIDTH);
    drag.current = { id, startX: event.clientX, startWidth, width: clamp(startWidth) };
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging({ id, width: clamp(startWidth) });
  };
  const moveResize = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.width = clamp(d.startWidth + event.clientX - d.startX);
    setDragging({ id: d.id, width: d.width });
  };
  const endResize = () => {
    const d = drag.current;
    if (!d) return;
    drag.current = undefined;
    setDragging(undefined);
    onColumnResize?.(d.id, d.width);
  };
  const keyResize = (event: KeyboardEvent<HTMLDivElement>, id: string) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const cell = event.currentTarget.parentElement;
    const current = widthOf(id) ?? (cell ? cell.getBoundingClientRect().width : DEFAULT_MIN_WIDTH);
    onColumnResize?.(id, clamp(current + (event.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP)));
  };

  return (
    <div
      className={`data-table${loading ? ' data-table-loading' : ''}`}
      ref={scrollRef}
      style={{ maxHeight }}
      // a tree's rows carry their level and whether they are open, which only a treegrid's rows may
      role={tree ? 'treegrid' : 'table'}
      aria-label={ariaLabel}
      aria-rowcount={rows.length + 1}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      <div className="data-table-head" role="rowgroup">
        <div
          ref={headerRowRef}
          className="data-table-row data-table-header-row"
          role="row"
          aria-rowindex={1}
          style={{ ...gridStyle, height: rowHeight }}
        >
          {selectable && (
            <div className="data-table-cell data-table-select" role="columnheader">
              <input
                type="checkbox"
                aria-label={labels.selectAll}
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected;
                }}
                onChange={() => table.toggleAllRowsSelected(!allSelected)}
              />
            </div>
          )}
          {visibleColumns.map((col) => {
            const c = byId.get(col.id);
            const sorted = col.getIsSorted();
            const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : col.getCanSort() ? 'none' : undefined;
            return (
              <div key={col.id} className="data-table-cell data-table-th" role="columnheader" aria-sort={ariaSort} data-column={col.id}>
                {col.getCanSort() ? (
                  <button type="button" className="data-table-sort" onClick={col.getToggleSortingHandler()}>
                    <span className="data-table-ellipsis">{c?.header}</span>
                    <span className={`data-table-sort-icon${sorted ? ` is-${sorted}` : ''}`} aria-hidden="true" />
                  </button>
                ) : (
                  <span className="data-table-ellipsis">{c?.header}</span>
                )}
                {onColumnResize && (
                  <div
                    className={`data-table-resizer${dragging?.id === col.id ? ' is-dragging' : ''}`}
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={labels.resize ? labels.resize(c?.header ?? col.id) : undefined}
                    aria-valuenow={shownWidth(col.id)}
                    aria-valuemin={RESIZE_MIN}
                    aria-valuemax={RESIZE_MAX}
                    tabIndex={0}
                    data-resize={col.id}
                    onPointerDown={(e) => startResize(e, col.id)}
                    onPointerMove={moveResize}
                    onPointerUp={endResize}
                    onPointerCancel={endResize}
                    onKeyDown={(e) => keyResize(e, col.id)}
                    onClick={(e) => e.stopPropagation()}
                  />
                )}
              </div>
            );
          })}
          {rowActions && (
            <div className="data-table-cell data-table-th data-table-actions" role="columnheader">
              {labels.actions}
            </div>
          )}
        </div>
      </div>
      <div
        className="data-table-body"
        role="rowgroup"
        style={{ height: Math.max(virtualizer.getTotalSize(), rows.length ? 0 : rowHeight * 2), minWidth }}
      >
        {rows.length === 0 && (
          <div className="data-table-empty" role="row">
            <div role="cell">{loading ? '' : labels.empty}</div>
          </div>
        )}
        {items.map((item) => {
          const row = rows[item.index]!;
          const record = row.original;
          const active = activeRowId !== undefined && row.id === activeRowId;
          const selected = selectable && row.getIsSelected();
          return (
            <div
              key={row.id}
              className={`data-table-row${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}`}
              role="row"
              aria-rowindex={item.index + 2}
              aria-level={tree ? row.depth + 1 : undefined}
              aria-expanded={tree && row.getCanExpand() ? row.getIsExpanded() : undefined}
              data-row-id={row.id}
              style={{ ...gridStyle, height: rowHeight, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              onClick={onRowClick ? () => onRowClick(record) : undefined}
            >
              {selectable && (
                <div className="data-table-cell data-table-select" role="cell" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={labels.selectRow(record)}
                    checked={selected}
                    disabled={!row.getCanSelect()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                </div>
              )}
              {row.getVisibleCells().map((cell) => {
                const c = byId.get(cell.column.id);
                const first = tree && cell.column.id === firstColumnId;
                return (
                  <div
                    key={cell.id}
                    className="data-table-cell"
                    role="cell"
                    title={c?.title?.(record)}
                    style={first ? { paddingLeft: 8 + row.depth * INDENT_PX } : undefined}
                  >
                    {first &&
                      (row.getCanExpand() ? (
                        <button
                          type="button"
                          className={`data-table-toggle${row.getIsExpanded() ? ' is-open' : ''}`}
                          aria-label={row.getIsExpanded() ? labels.collapse : labels.expand}
                          aria-expanded={row.getIsExpanded()}
                          onClick={(e) => {
                            e.stopPropagation();
                            row.toggleExpanded();
                          }}
                        />
                      ) : (
                        <span className="data-table-toggle-space" />
                      ))}
                    <span className="data-table-ellipsis">{c?.cell(record)}</span>
                  </div>
                );
              })}
              {rowActions && (
                <div className="data-table-cell data-table-actions" role="cell" onClick={(e) => e.stopPropagation()}>
                  {rowActions(record)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
